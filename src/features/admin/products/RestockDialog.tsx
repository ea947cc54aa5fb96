import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { STOCK_REASON_MAX, STOCK_REASONS } from '@contract/catalogTerms';
import type { Product } from '@contract/products';
import { apiErrorField, apiErrorMessage } from '../../../store/apiError';
import { Button } from '../../../ui/Button';
import { FieldError, Input, Label, TextField } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { deltaText } from './productLabels';
import { useMoveStockMutation } from './productsApi';
import {
  REASON_LABEL,
  restockErrors,
  stepUnits,
  UNITS_LABEL,
  unitsOf,
  type RestockDraft,
  type RestockErrors,
} from './restock';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Units = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Stepper = styled.div`
  display: grid;
  grid-template-columns: 44px minmax(0, 1fr) 44px;
  gap: ${({ theme }) => theme.space.xs};
  input {
    text-align: center;
    font-variant-numeric: tabular-nums;
  }
`;

const Step = styled(Button)`
  padding: 0;
  font-size: 1.4rem;
`;

const After = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.background};
  font-variant-numeric: tabular-nums;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const EMPTY: RestockDraft = { units: '', reason: '' };

/** What the stock will be, in words, once the units typed are in. */
function afterText(inStock: number, units: string): string {
  const delta = unitsOf(units);
  if (delta === null || delta === 0) return `In stock now: ${inStock}.`;
  return `In stock: ${inStock} ${deltaText(delta)} = ${inStock + delta}.`;
}

/**
 * The Restock dialog: units in or out (typed, or stepped with − and +) and a short reason
 * (suggested: delivery, count correction, damaged...). Stock never goes below zero: said under
 * the units before sending, and the API's refusal is shown there too. A modal <dialog>: focus
 * stays inside, Escape closes it, and it opens at the units.
 */
export function RestockDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const [moveStock, { isLoading }] = useMoveStockMutation();
  const [draft, setDraft] = useState<RestockDraft>(EMPTY);
  const [errors, setErrors] = useState<RestockErrors>({});
  const [checked, setChecked] = useState(false);
  const unitsId = useId();
  const suggestionsId = useId();
  const unitsRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const inStock = product.availablequantity;

  const change = (next: Partial<RestockDraft>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    // After a first try, the messages follow the typing.
    if (checked) setErrors(restockErrors(merged, inStock));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const found = restockErrors(draft, inStock);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      (found.units ? unitsRef : reasonRef).current?.focus();
      return;
    }
    try {
      const moved = await moveStock({
        id: product._id,
        delta: unitsOf(draft.units)!,
        reason: draft.reason.trim(),
      }).unwrap();
      toast.success(`Stock of ${moved.name} is now ${moved.availablequantity}.`);
      onClose();
    } catch (error) {
      const field = apiErrorField(error);
      const message = apiErrorMessage(error);
      if (field === 'delta') setErrors({ units: message });
      else if (field === 'reason') setErrors({ reason: message });
      else toast.error(message);
    }
  };

  const unitsErrorId = `${unitsId}-error`;
  return (
    <Modal open onClose={onClose} title={`Restock ${product.name}`} closeLabel="Close Restock">
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Restock">
        <Units>
          <Label htmlFor={unitsId}>{UNITS_LABEL}</Label>
          <Stepper>
            <Step
              $variant="secondary"
              aria-label="One unit less"
              onClick={() => change({ units: stepUnits(draft.units, -1) })}
            >
              −
            </Step>
            <Input
              ref={unitsRef}
              id={unitsId}
              name="units"
              type="number"
              inputMode="numeric"
              step={1}
              value={draft.units}
              placeholder="e.g. 40 or -3"
              data-autofocus
              aria-invalid={errors.units ? true : undefined}
              aria-describedby={errors.units ? unitsErrorId : undefined}
              onChange={(event) => change({ units: event.target.value })}
            />
            <Step
              $variant="secondary"
              aria-label="One unit more"
              onClick={() => change({ units: stepUnits(draft.units, 1) })}
            >
              +
            </Step>
          </Stepper>
          {errors.units && <FieldError id={unitsErrorId}>{errors.units}</FieldError>}
        </Units>
        <After aria-live="polite">{afterText(inStock, draft.units)}</After>
        <TextField
          ref={reasonRef}
          label={REASON_LABEL}
          name="reason"
          list={suggestionsId}
          maxLength={STOCK_REASON_MAX}
          autoComplete="off"
          hint="Short words: delivery, count correction, damaged…"
          value={draft.reason}
          error={errors.reason}
          onChange={(event) => change({ reason: event.target.value })}
        />
        <datalist id={suggestionsId}>
          {STOCK_REASONS.map((reason) => (
            <option key={reason} value={reason} />
          ))}
        </datalist>
        <Actions>
          {isLoading && <Spinner inline label="Saving the stock" showLabel />}
          <Button $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isLoading}>
            Save stock
          </Button>
        </Actions>
      </Form>
    </Modal>
  );
}
