import styled from 'styled-components';
import { copy } from '@contract/copy';

/** The narrow panel the login and register forms sit in. */
export const AuthCard = styled.section`
  width: 100%;
  max-width: 28rem;
  margin: ${({ theme }) => theme.space.xl} auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space.lg};
    text-align: center;
  }
  form {
    display: grid;
    gap: ${({ theme }) => theme.space.md};
  }
`;

export const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.lg} 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.line};
  }
`;

/** Why a guard sent the visitor to sign in. */
export const AuthNotice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.accentSoft};
  overflow-wrap: anywhere;
`;

/** The spec's 'Error : {message}', in red. */
export const AuthError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

export const SwitchLine = styled.p`
  margin: ${({ theme }) => theme.space.lg} 0 0;
  text-align: center;
`;

/**
 * Shown only without JavaScript. The sign-in forms are posted to the server (never sent as a
 * GET, which would put the password in the address), and it answers with the page again.
 */
export function NeedsJavaScript() {
  return (
    <noscript>
      <AuthNotice role="status">{copy.auth.needsJavaScript}</AuthNotice>
    </noscript>
  );
}
