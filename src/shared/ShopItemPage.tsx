import type { ReactNode } from 'react';
import styled from 'styled-components';
import { apiErrorStatus } from '../store/apiError';
import { ButtonLink } from '../ui/Button';
import { messageCard } from '../ui/messageCard';
import { Page } from '../ui/Page';
import { TextLink } from '../ui/TextLink';
import { media } from '../ui/theme';
import { QueryState, type QueryLike } from './QueryState';

/** The item's card: its pictures beside its details on a desktop, aligned at `$align`. */
export const ShopItemLayout = styled.article<{ $align: 'start' | 'center' }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  ${media.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: ${({ $align }) => $align};
    gap: ${({ theme }) => theme.space.xl};
    padding: ${({ theme }) => theme.space.xl};
  }
`;

const Missing = styled.div`
  ${messageCard}
  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Back = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
`;

/** The words of a shop item's page around the item itself. */
export interface ShopItemPageCopy {
  allProducts: string;
  missingTitle: string;
  missingHint: string;
  goToShop: string;
  loading: string;
  loadFailed: string;
}

/**
 * The page of one item of the shop (a product at `/product/:id`, a model at `/model/:id`): the
 * way back to the shop, then the item once loaded, or a card saying it does not exist when the
 * address names none (404, or 400 for an id that cannot be one).
 */
export function ShopItemPage<T>({
  query,
  copy,
  children,
}: {
  query: QueryLike<T>;
  copy: ShopItemPageCopy;
  children: (item: T) => ReactNode;
}) {
  const status = apiErrorStatus(query.error);
  return (
    <Page>
      <Back>
        <TextLink to="/shop">{copy.allProducts}</TextLink>
      </Back>
      {query.data === undefined && (status === 404 || status === 400) ? (
        <Missing role="alert">
          <h1>{copy.missingTitle}</h1>
          <p>{copy.missingHint}</p>
          <ButtonLink to="/shop">{copy.goToShop}</ButtonLink>
        </Missing>
      ) : (
        <QueryState query={query} loadingLabel={copy.loading} errorMessage={copy.loadFailed}>
          {children}
        </QueryState>
      )}
    </Page>
  );
}
