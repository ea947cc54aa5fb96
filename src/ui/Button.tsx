import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

const buttonLook = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.lg};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onAccent};
  font: inherit;
  font-weight: 700;
  letter-spacing: 0.02em;
  text-decoration: none;
  cursor: pointer;
  transition: background 0.15s ease;
  &:hover {
    background: ${({ theme }) => theme.colors.accentStrong};
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

/** The store's primary action: a real <button>. */
export const Button = styled.button`
  ${buttonLook}
`;

/** Navigation that looks like a button: a real link. */
export const ButtonLink = styled(Link)`
  ${buttonLook}
`;
