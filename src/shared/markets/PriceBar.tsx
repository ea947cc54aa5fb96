import { useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { fullyFittedChoice } from './fullyFitted';
import { marketWords } from './marketWords';
import { marketsApi } from './marketsApi';
import { marketInAddress, rememberMarket, SPEC_MARKET, useMarketCode } from './marketChoice';

/** What choosing a market does, loaded when first needed (`/` is at its budget). */
const switching = () => import(/* webpackChunkName: "market-switch" */ './marketSwitch');

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md} 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.onDark};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    min-height: 32px;
  }
  select {
    min-height: 28px;
    border-radius: ${({ theme }) => theme.radii.sm};
    font: inherit;
  }
  /* On a phone the select says what it is (a market and its currency): its label is for
     screen readers only, so both controls fit on one line. */
  @media (max-width: 639.98px) {
    .said {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.accent};
  }
`;

/**
 * The header's price controls: the shopper's market (kept in the address, `?market=DE`, and in
 * this browser) and the fully fitted switch (kept in this browser). A market remembered here
 * but missing from the address is written back into it, so a copied link shows the same prices.
 */
export function PriceBar() {
  const code = useMarketCode();
  const [params, setParams] = useSearchParams();
  const { data: markets } = marketsApi.useGetMarketsQuery();
  const fitted = fullyFittedChoice.use() === 'on';
  const id = useId();
  const inAddress = marketInAddress(params);

  // A market chosen here is on its way to the address (the page's loaders run first): not
  // written back meanwhile, which would send the address as it was, price range and all.
  const chosen = useRef<string | null>(null);
  useEffect(() => {
    if (inAddress) {
      rememberMarket(inAddress);
      chosen.current = null;
    } else if (code !== SPEC_MARKET && chosen.current !== code)
      void switching().then((on) => on.writeMarketBack(code, setParams));
  }, [code, inAddress, setParams]);

  const choose = (next: string) => {
    chosen.current = next;
    void switching().then((on) => on.chooseMarket(next, code, params, setParams));
  };

  return (
    <Bar>
      <label htmlFor={`${id}-market`}>
        <span className="said">{marketWords.market}</span>
        <select
          id={`${id}-market`}
          value={code}
          onChange={(event) => choose(event.currentTarget.value)}
        >
          {(markets ?? [{ code, name: code, currency: '' }]).map((market) => (
            <option key={market.code} value={market.code}>
              {market.name} {market.currency && `(${market.currency})`}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={fitted}
          onChange={(event) => fullyFittedChoice.set(event.currentTarget.checked ? 'on' : 'off')}
        />
        {marketWords.fullyFitted}
      </label>
    </Bar>
  );
}
