import type { RefObject } from 'react';
import styled from 'styled-components';
import { shopCopy } from './shopCopy';
import { formatTyreSize } from '@contract/tyreSize';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../ui/Button';
import { CATEGORY_LABELS, SEASON_LABELS } from '../../ui/catalogLabels';
import type { ShopSearch } from './shopSearch';
import { priceFilterWords, type PriceFilterWords } from './priceFilterWords';
import type { ClearAllLink } from './useShopSearch';

const Box = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px dashed ${({ theme }) => theme.colors.lineStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  p {
    margin: 0;
    /* A search is whatever was typed: a 2,000-letter word still wraps within the screen. */
    overflow-wrap: anywhere;
    min-width: 0;
    max-width: 100%;
  }
  &[aria-busy='true'] {
    opacity: 0.6;
  }
`;

const Heading = styled.p`
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  &:focus {
    outline: none;
  }
`;

/** What was searched, in words: "“winter” · Tyres · width 205 · $50 to $100 · in stock". */
export function describeSearch(
  search: ShopSearch,
  priceWords: PriceFilterWords = priceFilterWords(null),
): string {
  const parts: string[] = [];
  if (search.q.trim()) parts.push(`“${search.q.trim()}”`);
  parts.push(...search.category.map((c) => CATEGORY_LABELS[c]));
  parts.push(...search.season.map((s) => SEASON_LABELS[s]));
  const [width] = search.width;
  const [aspect] = search.aspect;
  const [rim] = search.rim;
  if (width !== undefined && aspect !== undefined && rim !== undefined) {
    parts.push(formatTyreSize({ width, aspect, rim }));
  } else {
    if (search.width.length) parts.push(`width ${search.width.join(' or ')}`);
    if (search.aspect.length) parts.push(`aspect ${search.aspect.join(' or ')}`);
    if (search.rim.length) parts.push(`rim R${search.rim.join(' or R')}`);
  }
  const price = priceWords.range(search.minPrice, search.maxPrice);
  if (price) parts.push(price);
  if (search.inStock) parts.push('in stock');
  return parts.join(' · ');
}

/** "Did you mean": the search the API suggests, as a link to it. */
export interface Suggestion extends ClearAllLink {
  text: string;
}

/**
 * No product matches: say so, say what was searched, suggest a close search if the API knows
 * one, offer to clear the filters.
 */
export function NoMatch({
  search,
  clearAll,
  suggestion,
  topRef,
  busy,
  priceWords,
}: {
  search: ShopSearch;
  /** The price filter's words in the shopper's market. */
  priceWords: PriceFilterWords;
  clearAll: ClearAllLink;
  suggestion: Suggestion | null;
  topRef: RefObject<HTMLParagraphElement | null>;
  busy: boolean;
}) {
  return (
    <Box aria-busy={busy}>
      <Heading ref={topRef} tabIndex={-1} role="status">
        No products match your search.
      </Heading>
      <p>You searched for {describeSearch(search, priceWords)}.</p>
      {suggestion && (
        <p>
          {shopCopy.didYouMean}{' '}
          <Link to={suggestion.to} onClick={suggestion.onClick}>
            {suggestion.text}
          </Link>
          ?
        </p>
      )}
      <p>Try fewer words or filters, or another tyre size.</p>
      <ButtonLink {...clearAll} $variant="primary">
        Clear all filters
      </ButtonLink>
    </Box>
  );
}
