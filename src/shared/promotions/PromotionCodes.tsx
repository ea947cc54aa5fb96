import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatMoney } from '@contract/money';
import type { CodeCheck } from '@contract/promotions';
import { promotionCopy } from '@contract/promotionCopy';
import { Button } from '../../ui/Button';
import { FieldError, FieldHint, TextField } from '../../ui/Field';
import { keepCodes, keptCodes } from './keptCodes';
import { useCheckPromotionCodesQuery, useLazyCheckPromotionCodesQuery } from './promotionCheckApi';

export interface PromotionCodesProps {
  country: string;
  region: string;
  fitted: boolean;
  /** The codes that apply, sent with the checkout. */
  codes: string[];
  onChange: (codes: string[]) => void;
  /** A guest's bag, the lines this browser keeps; left out for a signed-in shopper's. */
  items?: ReadonlyArray<{ productId: string; quantity: number }>;
}

const words = promotionCopy.codes;

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  > div:first-child {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    align-items: end;
    flex-wrap: wrap;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    flex-wrap: wrap;
  }
`;

const Saving = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.success};
`;

/**
 * Codes typed in the bag or at checkout: each is checked on the server with the bag, the country
 * and how it is received; one that applies is kept (in this browser too, from the bag to the
 * checkout) and sent with the checkout, one that does not says why. A kept code that stops
 * applying (another country, a smaller bag) is dropped, saying why. The automatic promotions'
 * saving shows here too.
 */
export function PromotionCodes({
  country,
  region,
  fitted,
  codes,
  onChange,
  items,
}: PromotionCodesProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [check, checking] = useLazyCheckPromotionCodesQuery();
  const ask = (wanted: string[]) => ({
    country,
    ...(country === 'US' && region ? { region: region.toUpperCase() } : {}),
    fitted,
    codes: wanted,
    ...(items ? { items: items.map(({ productId, quantity }) => ({ productId, quantity })) } : {}),
  });
  // The saving now: it changes with the country, delivery or fitting, and the codes kept.
  const current = useCheckPromotionCodesQuery(ask(codes), { skip: !country });
  const answer: CodeCheck | undefined = current.currentData;
  const change = (next: string[]) => {
    keepCodes(next);
    onChange(next);
  };

  // The codes typed in the bag come along to the checkout.
  useEffect(() => {
    const kept = keptCodes();
    if (codes.length === 0 && kept.length > 0) onChange(kept);
    // Once, when the entry opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A kept code that stops applying (another country, fewer tyres) is dropped, saying why.
  const asked = JSON.stringify(ask(codes));
  useEffect(() => {
    if (!country || codes.length === 0) return;
    let live = true;
    void check(ask(codes))
      .unwrap()
      .then(
        (result) => {
          const gone = result.refused.filter((each) => codes.includes(each.code));
          if (!live || gone.length === 0) return;
          setProblem(gone.map((each) => each.reason).join(' '));
          change(codes.filter((code) => !gone.some((each) => each.code === code)));
        },
        () => undefined, // the saving's own query says nothing either: the checkout checks again
      );
    return () => {
      live = false;
    };
    // What was asked is the whole input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);

  const apply = async () => {
    const code = typed.trim().toUpperCase();
    if (!code) return;
    setProblem(null);
    try {
      const result = await check(ask([...codes.filter((each) => each !== code), code])).unwrap();
      const refused = result.refused.find((each) => each.code === code);
      if (refused) {
        setProblem(refused.reason);
        return;
      }
      change([...codes.filter((each) => each !== code), code]);
      setTyped('');
    } catch (error) {
      const message = (error as { data?: { message?: string } }).data?.message;
      setProblem(message ?? words.failed);
    }
  };

  const remove = (code: string) => change(codes.filter((each) => each !== code));

  // The spec's checkout in dollars takes no codes: a code needs a market's prices.
  if (!country) {
    return codes.length > 0 ? <FieldHint>{promotionCopy.refused.notInMarket}</FieldHint> : null;
  }
  const money = (minor: number) =>
    answer ? formatMoney(minor, answer.currency, answer.locale) : String(minor);
  return (
    <Box aria-label={words.label}>
      <div>
        <TextField
          label={words.label}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <Button type="button" $variant="secondary" onClick={() => void apply()}>
          {checking.isFetching ? words.checking : words.apply}
        </Button>
      </div>
      {problem && <FieldError role="alert">{problem}</FieldError>}
      {answer && answer.applied.length > 0 && (
        <>
          <ul>
            {answer.applied.map((each) => (
              <li key={each.promotionId}>
                <span>
                  {each.name}
                  {each.code && ` (${each.code})`}
                </span>
                <span>
                  −{money(each.discountMinor)}{' '}
                  {each.code && (
                    <Button
                      type="button"
                      $size="sm"
                      $variant="ghost"
                      onClick={() => remove(each.code!)}
                    >
                      {words.remove(each.code)}
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
          <Saving>{words.saving(money(answer.savingMinor))}</Saving>
        </>
      )}
    </Box>
  );
}
