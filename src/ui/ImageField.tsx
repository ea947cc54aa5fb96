import { useEffect, useId, useState, type ChangeEvent, type FocusEvent } from 'react';
import styled from 'styled-components';
import { ACCEPTED_IMAGE_TYPES, IMAGE_TYPES_IN_WORDS, MAX_IMAGE_MB } from '@contract/imageLimits';
import { FieldError, FieldHint, Input, Label } from './Field';
import { ProgressBar } from './ProgressBar';

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
`;

const Thumb = styled.div<{ $round: boolean }>`
  display: grid;
  flex: none;
  place-items: center;
  width: 96px;
  height: 96px;
  overflow: hidden;
  border: 1px dashed ${({ theme }) => theme.colors.lineStrong};
  border-radius: ${({ $round, theme }) => ($round ? '50%' : theme.radii.md)};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-align: center;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Controls = styled.div`
  display: grid;
  flex: 1 1 14rem;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  input::file-selector-button {
    margin-right: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
    border: 2px solid ${({ theme }) => theme.colors.ink};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.ink};
    font: inherit;
    font-weight: 700;
    cursor: pointer;
  }
`;

const Uploaded = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

export const IMAGE_HINT = `${IMAGE_TYPES_IN_WORDS}, up to ${MAX_IMAGE_MB} MB.`;

/**
 * A picture for a form: the file input, a preview of the chosen picture (or the current one),
 * the upload's progress and the field's error. The parent owns the chosen file.
 */
export function ImageField({
  label,
  name,
  file,
  currentUrl,
  onChange,
  onBlur,
  error,
  uploading = false,
  progress = 0,
  uploaded = false,
  disabled = false,
  round = false,
}: {
  label: string;
  name: string;
  file: File | null;
  /** The picture already saved (profile), shown until another is chosen. */
  currentUrl?: string | null;
  onChange: (file: File | null) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  error?: string | false | null;
  uploading?: boolean;
  /** 0 to 1 while uploading. */
  progress?: number;
  /** The chosen file is on the image host. */
  uploaded?: boolean;
  disabled?: boolean;
  /** A round preview, for a person's photo. */
  round?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The preview is an object URL made when the file is chosen and revoked when replaced.
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!preview) return;
    const { url } = preview;
    return () => URL.revokeObjectURL(url);
  }, [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0] ?? null;
    setPreview(chosen ? { file: chosen, url: URL.createObjectURL(chosen) } : null);
    onChange(chosen);
  };

  const previewUrl = file && preview?.file === file ? preview.url : file ? null : currentUrl;
  const showImage = previewUrl && previewUrl !== brokenUrl;

  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <Row>
        <Thumb $round={round} data-testid={`${name}-preview`}>
          {showImage ? (
            <img
              src={previewUrl}
              alt={file ? `Preview of ${file.name}` : 'Current picture'}
              onError={() => setBrokenUrl(previewUrl)}
            />
          ) : (
            <span>{file ? 'No preview' : 'No picture yet'}</span>
          )}
        </Thumb>
        <Controls>
          <Input
            id={id}
            name={name}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            onChange={choose}
            onBlur={onBlur}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          />
          <FieldHint id={hintId}>{IMAGE_HINT}</FieldHint>
          {uploading && (
            // Nothing reported yet (the request is still starting): busy, share unknown.
            <ProgressBar label="Uploading picture" value={progress > 0 ? progress : null} />
          )}
          {uploaded && !uploading && <Uploaded>Picture uploaded.</Uploaded>}
          {error && <FieldError id={errorId}>{error}</FieldError>}
        </Controls>
      </Row>
    </Wrapper>
  );
}
