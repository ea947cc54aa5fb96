import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import type { ProductMarketPrice } from '@contract/markets';
import { marketPriceText } from '@contract/marketPriceColumns';
import { formatMoney } from '@contract/money';
import { QueryState } from '../../../shared/QueryState';
import { apiErrorField, apiErrorMessage } from '../../../store/apiError';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../../ui/Form';
import { Spinner } from '../../../ui/Spinner';
import { changedPrices, draftsOf, labelOf, type MarketPriceDrafts } from './marketPriceFields';
import {
  useGetProductMarketPricesQuery,
  useSetProductMarketPricesMutation,
} from './marketPricesApi';

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

/** The fields of each market, filled with the product's own prices as they are. */
function PricesForm({ productId, prices }: { productId: string; prices: ProductMarketPrice[] }) {
  const [drafts, setDrafts] = useState<MarketPriceDrafts>(() => draftsOf(prices));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [save, { isLoading }] = useSetProductMarketPricesMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = changedPrices(prices, drafts);
    if ('problems' in asked) {
      setProblems(asked.problems);
      return;
    }
    setProblems({});
    if (Object.keys(asked.prices).length === 0) {
      toast.info('Nothing changed in the market prices.');
      return;
    }
    try {
      const saved = await save({ id: productId, body: { prices: asked.prices } }).unwrap();
      setDrafts(draftsOf(saved));
      toast.success('Market prices saved.');
    } catch (error) {
      // A refusal of one market's price goes under its field (`price_DE`).
      const market = /^price_([A-Z]{2})$/.exec(apiErrorField(error) ?? '')?.[1];
      if (market) setProblems({ [market]: apiErrorMessage(error) });
      else toast.error(apiErrorMessage(error));
    }
  };

  return (
    <FormPanel
      noValidate
      aria-labelledby="market-prices-heading"
      onSubmit={(event) => void submit(event)}
    >
      <Heading id="market-prices-heading">Prices in other markets</Heading>
      <Intro>
        Shelf prices, VAT included where the market shows it. Leave a field blank for the
        market&apos;s conversion rule (shown under it).
      </Intro>
      <FieldRow>
        {prices.map((price) => (
          <TextField
            key={price.market}
            label={labelOf(price)}
            name={`price_${price.market}`}
            inputMode="decimal"
            autoComplete="off"
            placeholder={marketPriceText(price.converted, price.currency)}
            value={drafts[price.market] ?? ''}
            error={problems[price.market]}
            hint={`Blank: ${formatMoney(price.converted, price.currency, price.locale)} by the conversion rule.`}
            onChange={(event) =>
              setDrafts((now) => ({ ...now, [price.market]: event.target.value }))
            }
          />
        ))}
      </FieldRow>
      <FormActions>
        <Button type="submit" disabled={isLoading}>
          Save market prices
        </Button>
        {isLoading && <Spinner inline label="Saving the market prices" showLabel />}
      </FormActions>
    </FormPanel>
  );
}

/**
 * The Edit page's own prices per market (issue 46): a field per market with prices of its own,
 * blank for its conversion rule, saved on their own (the server checks and audits them).
 */
export function MarketPricesPanel({ productId }: { productId: string }) {
  const query = useGetProductMarketPricesQuery(productId);
  return (
    <QueryState
      query={query}
      loadingLabel="Loading the market prices"
      errorMessage="We could not load the market prices."
    >
      {(prices) =>
        prices.length === 0 ? null : <PricesForm productId={productId} prices={prices} />
      }
    </QueryState>
  );
}
