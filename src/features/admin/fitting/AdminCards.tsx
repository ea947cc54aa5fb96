import { toast } from 'react-toastify';
import styled from 'styled-components';
import { apiErrorMessage } from '../../../store/apiError';
import { panelSurface } from '../../../ui/surface';
import { media } from '../../../ui/theme';

/** The cards of an admin list (fitting centres, stock places): one column, more on a tablet. */
export const AdminCardList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.lg} 0 0;
  padding: 0;
  list-style: none;
  ${media.tablet} {
    grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr));
  }
`;

/** One card: its name (h2), lines about it (p) and its buttons (div), dimmed when `$inactive`. */
export const AdminCard = styled.li<{ $inactive?: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  ${panelSurface}
  opacity: ${({ $inactive }) => ($inactive ? 0.7 : 1)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
    overflow-wrap: anywhere;
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
    margin-top: ${({ theme }) => theme.space.sm};
  }
  button {
    min-height: 44px;
  }
`;

/**
 * Removes a card's item once the admin confirms, and says how it went: `removed` on success,
 * the API's words when it refuses.
 */
export async function removeConfirmed<T extends { name: string }>(
  item: T,
  remove: (item: T) => Promise<unknown>,
  words: { removeConfirm: (name: string) => string; removed: (name: string) => string },
) {
  if (!window.confirm(words.removeConfirm(item.name))) return;
  try {
    await remove(item);
    toast.success(words.removed(item.name));
  } catch (error) {
    toast.error(apiErrorMessage(error));
  }
}
