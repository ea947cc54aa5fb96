import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { MODEL_PICTURES_MAX, PICTURE_ALT_MAX, type ModelPicture } from '@contract/models';
import { apiErrorMessage } from '../../../store/apiError';
import { Button } from '../../../ui/Button';
import { FieldHint, Input, Label } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { useImageUpload } from '../../../shared/pictures/useImageUpload';
import { galleryCopy as words } from './galleryCopy';
import {
  useAddModelPictureMutation,
  useGetModelOfProductQuery,
  useRemoveModelPictureMutation,
  useReorderModelPicturesMutation,
  useSetModelPictureAltMutation,
} from './modelGalleryApi';

const Section = styled.section`
  max-width: ${({ theme }) => theme.textWidth};
  margin-top: ${({ theme }) => theme.space.xl};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Pictures = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.md} 0;
  padding: 0;
  list-style: none;
`;

/** A picture beside its alt text and buttons; on a phone, the picture above them. */
const Row = styled.li`
  display: grid;
  grid-template-columns: 8rem minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  img {
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  @media (max-width: 479.98px) {
    grid-template-columns: minmax(0, 1fr);
    img {
      max-width: 14rem;
    }
  }
`;

const Controls = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const AddForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px dashed ${({ theme }) => theme.colors.lineStrong};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** Runs a gallery call; a refusal is shown in the API's words. */
async function attempt(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    toast.error(apiErrorMessage(error));
    return false;
  }
}

function PictureRow({
  picture,
  position,
  count,
  onAlt,
  onMove,
  onRemove,
  busy,
}: {
  picture: ModelPicture;
  position: number;
  count: number;
  onAlt: (alt: string) => Promise<boolean>;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const [alt, setAlt] = useState(picture.alt);
  const altId = `alt-${picture._id}`;
  const changed = alt.trim() !== picture.alt && alt.trim() !== '';
  return (
    <Row aria-label={words.pictureN(position + 1, count)}>
      <img src={picture.cardUrl} alt={picture.alt} width={400} height={300} loading="lazy" />
      <Controls>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void onAlt(alt.trim());
          }}
        >
          <Label htmlFor={altId}>{words.alt}</Label>
          <Buttons>
            <Input
              id={altId}
              value={alt}
              maxLength={PICTURE_ALT_MAX}
              required
              onChange={(event) => setAlt(event.target.value)}
              style={{ flex: '1 1 12rem', width: 'auto' }}
            />
            <Button type="submit" $size="sm" $variant="secondary" disabled={!changed || busy}>
              {words.saveAlt}
            </Button>
          </Buttons>
        </form>
        <Buttons>
          <Button
            $size="sm"
            $variant="secondary"
            disabled={position === 0 || busy}
            onClick={() => onMove(-1)}
          >
            {words.moveUp}
          </Button>
          <Button
            $size="sm"
            $variant="secondary"
            disabled={position === count - 1 || busy}
            onClick={() => onMove(1)}
          >
            {words.moveDown}
          </Button>
          <Button $size="sm" $variant="danger" disabled={busy} onClick={onRemove}>
            {words.remove}
          </Button>
        </Buttons>
      </Controls>
    </Row>
  );
}

/** Uploads a picture (POST /api/images), then adds it at the end of the gallery. */
function AddPicture({
  onAdd,
  full,
}: {
  onAdd: (url: string, alt: string) => Promise<boolean>;
  full: boolean;
}) {
  const upload = useImageUpload();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [adding, setAdding] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !alt.trim()) return;
    setAdding(true);
    const url = await upload.upload(file);
    const added = url !== null && (await onAdd(url, alt.trim()));
    setAdding(false);
    if (added) {
      setFile(null);
      setAlt('');
      upload.reset();
      setFormKey((key) => key + 1);
    }
  };
  if (full) return <FieldHint>{words.full(MODEL_PICTURES_MAX)}</FieldHint>;
  return (
    <AddForm key={formKey} onSubmit={(event) => void submit(event)} aria-label={words.add}>
      <Label htmlFor="gallery-file">{words.file}</Label>
      <Input
        id="gallery-file"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <Label htmlFor="gallery-alt">{words.alt}</Label>
      <Input
        id="gallery-alt"
        value={alt}
        maxLength={PICTURE_ALT_MAX}
        required
        onChange={(event) => setAlt(event.target.value)}
      />
      <FieldHint>{words.altHint}</FieldHint>
      <Buttons>
        <Button type="submit" $size="sm" disabled={adding || !file || !alt.trim()}>
          {words.add}
        </Button>
        {adding && (
          <Spinner
            inline
            showLabel
            label={
              upload.status === 'uploading'
                ? words.uploading(Math.round(upload.progress * 100))
                : words.adding
            }
          />
        )}
      </Buttons>
    </AddForm>
  );
}

/**
 * The pictures of the model a product is a size of (issue 51): in the gallery's order, each
 * with its alt text, moved up or down or removed; a new one uploaded and added at the end.
 * Every size of the model shows them.
 */
export function ModelGallery({ productId }: { productId: string }) {
  const model = useGetModelOfProductQuery(productId);
  const [addPicture] = useAddModelPictureMutation();
  const [reorder, reordering] = useReorderModelPicturesMutation();
  const [setAlt, naming] = useSetModelPictureAltMutation();
  const [removePicture, removing] = useRemoveModelPictureMutation();
  const busy = reordering.isLoading || naming.isLoading || removing.isLoading || model.isFetching;
  return (
    <Section aria-labelledby="gallery-heading">
      <h2 id="gallery-heading">{words.heading}</h2>
      {model.isLoading ? (
        <Spinner inline showLabel label={words.loading} />
      ) : !model.data ? (
        <p>{words.noModel}</p>
      ) : (
        <>
          <p>{words.intro(model.data.name, model.data.sizes.length)}</p>
          {model.data.pictures.length === 0 ? (
            <p>{words.none}</p>
          ) : (
            <Pictures aria-label={words.heading}>
              {model.data.pictures.map((picture, position, all) => {
                const call = { modelId: model.data!._id, productId };
                return (
                  <PictureRow
                    key={`${picture._id}:${picture.alt}`}
                    picture={picture}
                    position={position}
                    count={all.length}
                    busy={busy}
                    onAlt={(alt) =>
                      attempt(() => setAlt({ ...call, pictureId: picture._id, alt }).unwrap())
                    }
                    onMove={(by) => {
                      const order = all.map((one) => one._id);
                      order.splice(position, 1);
                      order.splice(position + by, 0, picture._id);
                      void attempt(() => reorder({ ...call, pictures: order }).unwrap());
                    }}
                    onRemove={() =>
                      void attempt(() =>
                        removePicture({ ...call, pictureId: picture._id }).unwrap(),
                      )
                    }
                  />
                );
              })}
            </Pictures>
          )}
          <AddPicture
            full={model.data.pictures.length >= MODEL_PICTURES_MAX}
            onAdd={(url, alt) =>
              attempt(() => addPicture({ modelId: model.data!._id, productId, url, alt }).unwrap())
            }
          />
        </>
      )}
    </Section>
  );
}
