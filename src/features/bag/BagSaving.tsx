import { useState } from 'react';
import styled from 'styled-components';
import { bagCopy } from '../../shared/bag/bagCopy';
import { useMarketCode } from '../../shared/markets/marketChoice';
import { keptCodes } from '../../shared/promotions/keptCodes';
import { PromotionCodesSlot } from '../../shared/promotions/PromotionCodesSlot';

const words = bagCopy.page;

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.accentStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

/**
 * The bag's offers and codes (issue 49), in the shopper's market: what the automatic promotions
 * take off, and a code typed here, kept until checkout. The server works out every figure; the
 * checkout checks the codes again.
 */
export function BagSaving({
  items,
}: {
  items?: ReadonlyArray<{ productId: string; quantity: number }>;
}) {
  const country = useMarketCode();
  const [codes, setCodes] = useState(keptCodes);
  return (
    <Box aria-labelledby="bag-offers">
      <h2 id="bag-offers">{words.offers}</h2>
      <PromotionCodesSlot
        country={country}
        region=""
        fitted={false}
        codes={codes}
        onChange={setCodes}
        {...(items ? { items } : {})}
      />
    </Box>
  );
}
