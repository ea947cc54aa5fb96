import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { usePreloadImage } from '../../ui/pageHead';
import { modelCopy } from './modelCopy';

const copy = modelCopy.gallery;

/** A picture as the gallery shows it: its card and large sizes and what it shows. */
export interface GalleryPicture {
  key: string;
  cardUrl: string;
  detailsUrl: string;
  alt: string;
}

const Frame = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;

/** The shown picture is a button: it opens the enlarged view. */
const Shown = styled.button`
  display: block;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  cursor: zoom-in;
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

const Thumbs = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-x: auto;
`;

const Thumb = styled.button`
  display: block;
  flex: none;
  width: 4.5rem;
  padding: 2px;
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  &[aria-current='true'] {
    border-color: ${({ theme }) => theme.colors.accentStrong};
  }
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: 4px;
  }
`;

/** The enlarged picture scrolls inside its box when zoomed in, never the page. */
const Viewer = styled.div<{ $zoomed: boolean }>`
  max-height: 70dvh;
  overflow: auto;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  img {
    display: block;
    width: ${({ $zoomed }) => ($zoomed ? '200%' : '100%')};
    max-width: none;
    height: auto;
  }
`;

const Controls = styled.div`
  display: flex;
  margin-top: ${({ theme }) => theme.space.md};
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  justify-content: space-between;
`;

/**
 * A model's pictures in the admin's order: the chosen one large, the others as thumbnails; the
 * large one opens an enlarged view (the native dialog of ui/Modal) that zooms to twice its
 * width and steps through the pictures by button or arrow key.
 */
export function ModelGallery({ pictures }: { pictures: readonly GalleryPicture[] }) {
  const [at, setAt] = useState(0);
  const [open, setOpen] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const count = pictures.length;
  const index = Math.min(at, count - 1);
  const shown = pictures[index];
  usePreloadImage(pictures[0]?.detailsUrl ?? '');
  // While enlarged, the arrow keys step through the pictures (the dialog holds the focus).
  useEffect(() => {
    if (!open || count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      setAt(
        (at) => (Math.min(at, count - 1) + (event.key === 'ArrowRight' ? 1 : -1) + count) % count,
      );
      setZoomed(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, count]);
  if (!shown) return null;

  const step = (by: number) => {
    setAt((at) => (Math.min(at, count - 1) + by + count) % count);
    setZoomed(false);
  };

  return (
    <Frame role="group" aria-label={copy.label}>
      <Shown type="button" onClick={() => setOpen(true)} aria-label={`${copy.zoom}: ${shown.alt}`}>
        <img
          src={shown.detailsUrl}
          alt={shown.alt}
          width={640}
          height={480}
          fetchPriority={index === 0 ? 'high' : undefined}
        />
      </Shown>
      {count > 1 && (
        <Thumbs>
          {pictures.map((picture, n) => (
            <li key={picture.key}>
              <Thumb
                type="button"
                aria-current={n === index}
                aria-label={copy.show(n + 1, count, picture.alt)}
                onClick={() => setAt(n)}
              >
                <img src={picture.cardUrl} alt="" width={72} height={54} loading="lazy" />
              </Thumb>
            </li>
          ))}
        </Thumbs>
      )}
      <Modal
        open={open}
        wide
        onClose={() => {
          setOpen(false);
          setZoomed(false);
        }}
        title={copy.dialogTitle(index + 1, count)}
        closeLabel={copy.close}
      >
        <div>
          {/* Focusable: zoomed in, it scrolls, by keyboard too. */}
          <Viewer $zoomed={zoomed} role="region" aria-label={copy.enlarged} tabIndex={0}>
            <img src={shown.detailsUrl} alt={shown.alt} width={960} height={720} />
          </Viewer>
          <Controls>
            {count > 1 && (
              <Button type="button" $variant="secondary" $size="sm" onClick={() => step(-1)}>
                {copy.previous}
              </Button>
            )}
            <Button
              type="button"
              $variant="secondary"
              $size="sm"
              aria-pressed={zoomed}
              onClick={() => setZoomed(!zoomed)}
            >
              {copy.zoomIn}
            </Button>
            {count > 1 && (
              <Button type="button" $variant="secondary" $size="sm" onClick={() => step(1)}>
                {copy.next}
              </Button>
            )}
          </Controls>
        </div>
      </Modal>
    </Frame>
  );
}
