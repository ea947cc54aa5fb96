import type { ModelPicture, TyreModel } from '@contract/models';
import { api } from '../../../store/api';

/** A gallery change: the model and what to send; every call answers the whole gallery. */
type GalleryCall<T> = { modelId: string; productId: string } & T;

/**
 * The back office's calls for a model's pictures (docs/models.md): the model of a product, and
 * add, reorder, alt text and remove. The model is read again after each change (it carries the
 * product's tag: the shop's pages of the product show its pictures).
 */
export const modelGalleryApi = api.injectEndpoints({
  endpoints: (build) => {
    const galleryWrite = <T>(
      request: (args: GalleryCall<T>) => { url: string; method: string; body?: unknown },
    ) =>
      build.mutation<ModelPicture[], GalleryCall<T>>({
        query: request,
        invalidatesTags: (_result, _error, { productId }) => [{ type: 'Product', id: productId }],
      });
    const base = (modelId: string) => `models/${encodeURIComponent(modelId)}/pictures`;
    return {
      getModelOfProduct: build.query<TyreModel, string>({
        query: (productId) => `product/${encodeURIComponent(productId)}/model`,
        providesTags: (_result, _error, productId) => [{ type: 'Product', id: productId }],
      }),
      addModelPicture: galleryWrite<{ url: string; alt: string }>(({ modelId, url, alt }) => ({
        url: base(modelId),
        method: 'POST',
        body: { url, alt },
      })),
      reorderModelPictures: galleryWrite<{ pictures: string[] }>(({ modelId, pictures }) => ({
        url: `${base(modelId)}/order`,
        method: 'PUT',
        body: { pictures },
      })),
      setModelPictureAlt: galleryWrite<{ pictureId: string; alt: string }>(
        ({ modelId, pictureId, alt }) => ({
          url: `${base(modelId)}/${encodeURIComponent(pictureId)}`,
          method: 'PATCH',
          body: { alt },
        }),
      ),
      removeModelPicture: galleryWrite<{ pictureId: string }>(({ modelId, pictureId }) => ({
        url: `${base(modelId)}/${encodeURIComponent(pictureId)}`,
        method: 'DELETE',
      })),
    };
  },
});

export const {
  useGetModelOfProductQuery,
  useAddModelPictureMutation,
  useReorderModelPicturesMutation,
  useSetModelPictureAltMutation,
  useRemoveModelPictureMutation,
} = modelGalleryApi;
