import { useState } from 'react';
import styled from 'styled-components';
import { sizedImage } from './imageSize';

const Round = styled.span<{ $size: number }>`
  display: inline-grid;
  flex: none;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  overflow: hidden;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentText};
  font-weight: 800;
  font-size: ${({ $size }) => Math.round($size * 0.36)}px;
  box-shadow:
    0 0 0 3px ${({ theme }) => theme.colors.surface},
    0 0 0 5px ${({ theme }) => theme.colors.accent};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * A round photo. Photos are uploaded by people and hosted elsewhere, so one can fail to load:
 * then the person's initials stand in rather than a broken-image icon.
 */
export function Avatar({
  src,
  name,
  alt,
  size = 64,
}: {
  src: string;
  name: string;
  alt: string;
  size?: number;
}) {
  // Remembers which picture failed, so a new `src` gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  return (
    <Round $size={size}>
      {failed || !src ? (
        <span role="img" aria-label={alt}>
          <span aria-hidden="true">{initials(name)}</span>
        </span>
      ) : (
        <img
          src={sizedImage(src, 'avatar')}
          alt={alt}
          width={size}
          height={size}
          loading="lazy"
          onError={() => setFailedSrc(src)}
        />
      )}
    </Round>
  );
}
