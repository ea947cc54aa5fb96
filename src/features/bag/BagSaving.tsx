import styled from 'styled-components';
import { formatMoney } from '@contract/money';
import { bagCopy } from '../../shared/bag/bagCopy';
import { useMarketCode } from '../../shared/markets/marketChoice';
import { bagSavingApi } from './bagSavingApi';

const words = bagCopy.page;

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.accentStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
  }
  p {
    margin: 0;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
`;

/**
 * The offers the shopper's bag gets by itself (issue 49) and what they save, in the shopper's
 * market; nothing when none applies or the server cannot say. Codes are typed at checkout.
 */
export function BagSaving() {
  const country = useMarketCode();
  const { data } = bagSavingApi.useGetBagSavingQuery({ country });
  if (!data || data.applied.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, data.currency, data.locale);
  return (
    <Box aria-labelledby="bag-offers">
      <h2 id="bag-offers">{words.offers}</h2>
      <ul>
        {data.applied.map((each) => (
          <li key={each.promotionId}>
            {words.offerTakesOff(each.name, money(each.discountMinor))}
          </li>
        ))}
      </ul>
      <p>{words.saving(money(data.savingMinor))}</p>
    </Box>
  );
}
