import { TextLink } from '../../ui/TextLink';
import { modelHref, modelLinkCopy } from './modelAddress';
import { useGetModelOfProductQuery } from './modelsApi';

/** On a size's page: the way to its model's page (its other sizes, pictures), this size chosen. */
export function ModelLink({ productId }: { productId: string }) {
  const { data: model } = useGetModelOfProductQuery(productId);
  if (!model) return null;
  return (
    <TextLink to={modelHref(model._id, productId)}>
      {modelLinkCopy.productLink(model.name, model.sizes.length)}
    </TextLink>
  );
}
