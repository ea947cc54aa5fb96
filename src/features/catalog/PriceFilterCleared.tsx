import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import type { PriceFilterCleared as Cleared } from '../../shared/markets/marketChoice';
import { marketsApi } from '../../shared/markets/marketsApi';
import { useMarket } from '../../shared/markets/useShelfPrices';
import { priceFilterCleared } from './priceFilterWords';

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
`;

/**
 * Says that the price range was cleared when the shopper chose another market (the header's
 * selector, PriceBar): the range was in the money of the market before. Shown until the next
 * search, which is a new page of history without the note.
 */
export function PriceFilterCleared() {
  const location = useLocation();
  const cleared = (location.state as Partial<Cleared> | null)?.priceFilterClearedFrom;
  // Kept for the address it was said on: a later replace of the same address drops the state.
  const [said, setSaid] = useState<{ from: string; on: string } | null>(null);
  if (cleared && (said?.from !== cleared || said.on !== location.search)) {
    setSaid({ from: cleared, on: location.search });
  }
  const { data: markets } = marketsApi.useGetMarketsQuery();
  const { market } = useMarket();
  const from = said?.on === location.search ? said.from : cleared;
  if (!from) return null;
  const before = markets?.find((one) => one.code === from)?.currency ?? from;
  return <Note role="status">{priceFilterCleared(before, market?.currency ?? 'USD')}</Note>;
}
