import { useState } from 'react';
import styled from 'styled-components';
import { carFitCopy } from '@contract/fitmentRules';
import type { TyreSet } from '@contract/tyreSets';
import { useMarketMoney, type MarketMoney } from '../markets/useMarketMoney';
import type { AddToBagResult } from '../bag/addToBag';
import { useAppDispatch } from '../../store/hooks';
import { Button } from '../../ui/Button';
import { useGetTyreSetsQuery } from './carFitApi';

const words = carFitCopy.sets;

/** A set's price in the shopper's market: the sum of its lines at the shelf prices there. */
function setPrice(set: TyreSet, money: MarketMoney): string {
  let minor = 0;
  for (const line of set.lines) {
    const each = money.minorOf(line.product._id, line.product.price);
    if (each === undefined) return '…';
    minor += each * line.quantity;
  }
  return money.format(minor);
}
/** The sets shown: the best few; the list below has every tyre. */
const SHOWN = 4;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
  }
`;

const Mark = styled.p`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.success};
`;

const Said = styled.p<{ $refused: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme, $refused }) => ($refused ? theme.colors.danger : theme.colors.success)};
`;

/** One set: its sizes, model, OE mark, lines and price, added to the bag in one tap. */
function SetCard({ set, money }: { set: TyreSet; money: MarketMoney }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<AddToBagResult | null>(null);

  async function add() {
    setBusy(true);
    const { addToBag } = await import(/* webpackChunkName: "bag-add" */ '../bag/addToBag');
    let result: AddToBagResult = { said: words.added, refused: false };
    for (const line of set.lines) {
      const added = await dispatch(addToBag(line.product, line.quantity));
      if (added.refused) {
        result = added;
        break;
      }
    }
    setSaid(result);
    setBusy(false);
  }

  return (
    <Card>
      <h3>{set.title}</h3>
      <p>{set.model ? words.sameModel(set.model) : words.mixed}</p>
      {set.oeMark && <Mark>{words.oe(set.oeMark)}</Mark>}
      {set.lines.map((line) => (
        <p key={line.axle}>{words.line(line.quantity, line.axle, line.product.name)}</p>
      ))}
      <p>
        <strong>{setPrice(set, money)}</strong>
        {money.vatNote && <small> {money.vatNote}</small>}
      </p>
      <Button type="button" $variant="primary" disabled={busy} onClick={() => void add()}>
        {busy ? words.adding : words.add}
      </Button>
      <Said role="status" $refused={said?.refused ?? false}>
        {said?.said ?? ''}
      </Said>
    </Card>
  );
}

/** A staggered car's sets above the shop's list; nothing for a car with one size all round. */
export function CarSets({ vehicle }: { vehicle: string }) {
  const sets = useGetTyreSetsQuery(vehicle);
  const shown = sets.data?.slice(0, SHOWN) ?? [];
  const money = useMarketMoney(shown.flatMap((set) => set.lines.map((line) => line.product._id)));
  if (shown.length === 0) return null;
  return (
    <Section aria-labelledby="car-sets">
      <Heading id="car-sets">{words.heading}</Heading>
      <Intro>{words.intro}</Intro>
      <List>
        {shown.map((set) => (
          <SetCard key={set.lines.map((line) => line.product._id).join()} set={set} money={money} />
        ))}
      </List>
    </Section>
  );
}
