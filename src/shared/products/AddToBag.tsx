import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { copy } from '@contract/copy';
import type { Product } from '@contract/products';
import { unitsOrderable } from '@contract/stockRule';
import type { AddToBagResult } from '../bag/addToBag';
import { useAppDispatch } from '../../store/hooks';
import { Button } from '../../ui/Button';
import { TextLink } from '../../ui/TextLink';
import { VisuallyHidden, visuallyHidden } from '../../ui/VisuallyHidden';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  /* With scripting off the buttons could do nothing: kept out of sight (and reach), their place
     held. While the script is still loading they show: a tap then is made for the app once it
     runs (shared/loading/beforeHydration.ts). */
  @media (scripting: none) {
    visibility: hidden;
  }
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  > button {
    flex: 1;
    padding: 0 ${({ theme }) => theme.space.sm};
    white-space: nowrap;
  }
`;

const Quantity = styled.input`
  width: 4.5rem;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.lineStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  font: inherit;
`;

const Said = styled.p<{ $refused: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme, $refused }) => ($refused ? theme.colors.danger : theme.colors.success)};
  /* Empty, it is only out of sight, not display:none: a live region must be in the
     accessibility tree before its words change, or screen readers do not announce them. */
  &:empty {
    ${visuallyHidden}
  }
`;

/** Tyres come in pairs and sets of four: one tap adds either. */
const TYRE_SETS = [2, 4];

/**
 * "Add to bag" with a quantity, on every product card and the details page; tyres also offer 2
 * and 4 in one tap. It says what happened below (with a way to the bag), or why nothing was
 * added. `describedBy`: the product's heading, as the buttons of every card read alike.
 */
export function AddToBag({ product, describedBy }: { product: Product; describedBy: string }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<AddToBagResult | null>(null);
  const orderable = unitsOrderable(product);

  async function add(units: number) {
    setBusy(true);
    setSaid(
      await import(/* webpackChunkName: "bag-add" */ '../bag/addToBag')
        .then(({ addToBag }) => dispatch(addToBag(product, units)))
        .catch((): AddToBagResult => ({ said: copy.bag.addFailed, refused: true })),
    );
    setBusy(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void add(Number(quantity));
  }

  if (orderable === 0) return <Said $refused>{copy.bag.outOfStock}</Said>;
  return (
    <Form onSubmit={submit} noValidate>
      <Row>
        <VisuallyHidden as="label" htmlFor={id}>
          {copy.bag.quantityOf(product.name)}
        </VisuallyHidden>
        <Quantity
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={orderable}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <Button type="submit" disabled={busy} aria-describedby={describedBy}>
          {busy ? copy.bag.adding : copy.bag.add}
        </Button>
      </Row>
      {product.category === 'tyre' && (
        <Row>
          {TYRE_SETS.map((units) => (
            <Button
              key={units}
              $variant="secondary"
              $size="sm"
              disabled={busy}
              aria-label={copy.bag.addSomeName(units)}
              aria-describedby={describedBy}
              onClick={() => void add(units)}
            >
              {copy.bag.addSome(units)}
            </Button>
          ))}
        </Row>
      )}
      <Said role="status" $refused={said?.refused ?? false}>
        {said?.said}
        {said && !said.refused && (
          <>
            {' '}
            <TextLink to="/bag">{copy.bag.view}</TextLink>
          </>
        )}
      </Said>
    </Form>
  );
}
