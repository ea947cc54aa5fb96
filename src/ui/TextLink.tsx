import type { ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { VisuallyHidden } from './VisuallyHidden';

const look = css`
  color: ${({ theme }) => theme.colors.accentText};
  font-weight: 700;
  text-decoration-thickness: 2px;
  text-underline-offset: 4px;
  &:hover {
    color: ${({ theme }) => theme.colors.ink};
  }
`;

/** An in-store link in the accent colour ("See all products"). */
export const TextLink = styled(Link)`
  ${look}
`;

const External = styled.a`
  ${look}
`;

/** A link that leaves the store: opens in a new tab, and says so to screen readers. */
export function ExternalLink({
  children,
  ...props
}: Omit<ComponentPropsWithoutRef<'a'>, 'target' | 'rel'>) {
  return (
    <External {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </External>
  );
}
