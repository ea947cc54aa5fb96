import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import styled, { css } from 'styled-components';
import { checkoutCopy } from '@contract/checkoutCopy';
import type { CardDecline } from '@contract/payments';
import { CardError } from '../paymentErrors';
import { apiErrorMessage, apiErrorStatus } from '../../../../store/apiError';
import type { CardFormProps } from '../cardForm';
import { useConfirmLocalPaymentMutation } from '../paymentApi';
import {
  cardBrand,
  cardErrors,
  emptyCard,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  toLocalCard,
  type CardField,
  type CardFields,
} from './cardFields';

// The look of Stripe's Payment Element (card tab), so both providers feel the same.
const stripeInk = '#30313d';

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 12px;
`;

const Cell = styled.div<{ $wide?: boolean }>`
  display: grid;
  gap: 4px;
  align-content: start;
  ${({ $wide }) =>
    $wide &&
    css`
      grid-column: 1 / -1;
    `}
`;

const CardLabel = styled.label`
  color: ${stripeInk};
  font-size: 0.93rem;
`;

const Control = styled.div`
  position: relative;
`;

const CardInput = styled.input`
  width: 100%;
  padding: 12px;
  border: 1px solid #e6e6e6;
  border-radius: 5px;
  background: #fff;
  color: ${stripeInk};
  font: inherit;
  /* The spec's card field font size. */
  font-size: 16px;
  line-height: 1.15;
  font-variant-numeric: tabular-nums;
  box-shadow:
    0 1px 1px rgba(0, 0, 0, 0.03),
    0 3px 6px rgba(0, 0, 0, 0.02);
  transition:
    border-color 0.15s ease,
    box-shadow 0.15s ease;
  &::placeholder {
    color: #757680;
  }
  &:focus,
  &:focus-visible {
    outline: none;
    border-color: hsla(210, 96%, 45%, 50%);
    box-shadow:
      0 1px 1px rgba(0, 0, 0, 0.03),
      0 3px 6px rgba(0, 0, 0, 0.02),
      0 0 0 3px hsla(210, 96%, 45%, 25%);
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.danger};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.danger};
  }
  &:disabled {
    background: #f6f8fa;
    color: #6d6e78;
  }
`;

const NumberInput = styled(CardInput)`
  padding-right: 4.5rem;
`;

const Brand = styled.span`
  position: absolute;
  top: 50%;
  right: 12px;
  transform: translateY(-50%);
  padding: 2px 6px;
  border: 1px solid #e6e6e6;
  border-radius: 4px;
  color: #1a1f71;
  font-size: 0.7rem;
  font-weight: 800;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  pointer-events: none;
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.9rem;
`;

const Note = styled.p`
  grid-column: 1 / -1;
  margin: 4px 0 0;
  color: #6d6e78;
  font-size: 0.85rem;
`;

const words = checkoutCopy.payment.card;

const untouched: Record<CardField, boolean> = { number: false, expiry: false, cvc: false };
const allTouched: Record<CardField, boolean> = { number: true, expiry: true, cvc: true };

/**
 * The `local` provider's card form: number, expiry and CVC, formatted while typed, checked
 * with card-validator (errors under each field once it was left, in Stripe's words), and
 * confirmed through `POST /api/payments/local/confirm`, which answers like Stripe.js.
 */
export function LocalCardForm({ disabled, onReady }: CardFormProps) {
  const id = useId();
  const [fields, setFields] = useState<CardFields>(emptyCard);
  const [touched, setTouched] = useState(untouched);
  const [confirmLocal] = useConfirmLocalPaymentMutation();
  // `confirm` is handed out once; it reads what is typed at the moment Pay is pressed.
  const latest = useRef(fields);
  useEffect(() => {
    latest.current = fields;
  }, [fields]);

  useEffect(() => {
    onReady({
      async confirm({ clientSecret }) {
        const card = latest.current;
        const problems = cardErrors(card);
        const first = problems.number ?? problems.expiry ?? problems.cvc;
        if (first) {
          setTouched(allTouched);
          throw new CardError(first);
        }
        try {
          const { paymentIntent } = await confirmLocal({
            clientSecret,
            card: toLocalCard(card),
          }).unwrap();
          return { transactionId: paymentIntent.id };
        } catch (error) {
          // A decline answers 402 with the contract's CardDecline; anything else has a message too.
          const decline = (error as { data?: Partial<CardDecline> }).data?.error;
          throw new CardError(
            apiErrorStatus(error) === 402 && typeof decline?.message === 'string'
              ? decline.message
              : apiErrorMessage(error),
          );
        }
      },
    });
    return () => onReady(null);
  }, [onReady, confirmLocal]);

  const errors = cardErrors(fields);
  const shown = (field: CardField) => (touched[field] ? errors[field] : undefined);
  const brand = cardBrand(fields.number);

  const change =
    (field: CardField, format: (value: string) => string) =>
    (event: ChangeEvent<HTMLInputElement>) =>
      setFields((current) => ({ ...current, [field]: format(event.target.value) }));
  const leave = (field: CardField) => () =>
    setTouched((current) => ({ ...current, [field]: fields[field] !== '' || current[field] }));

  const input = (field: CardField) => ({
    id: `${id}-${field}`,
    name: field,
    value: fields[field],
    onBlur: leave(field),
    disabled,
    inputMode: 'numeric' as const,
    'aria-invalid': shown(field) ? true : undefined,
    'aria-describedby': shown(field) ? `${id}-${field}-error` : undefined,
  });

  return (
    <Grid>
      <Cell $wide>
        <CardLabel htmlFor={`${id}-number`}>{words.number}</CardLabel>
        <Control>
          <NumberInput
            {...input('number')}
            autoComplete="cc-number"
            placeholder={words.numberPlaceholder}
            onChange={change('number', formatCardNumber)}
          />
          {brand && <Brand aria-hidden="true">{brand.niceType}</Brand>}
        </Control>
        {shown('number') && <Problem id={`${id}-number-error`}>{shown('number')}</Problem>}
      </Cell>
      <Cell>
        <CardLabel htmlFor={`${id}-expiry`}>{words.expiry}</CardLabel>
        <CardInput
          {...input('expiry')}
          autoComplete="cc-exp"
          placeholder={words.expiryPlaceholder}
          onChange={change('expiry', formatExpiry)}
        />
        {shown('expiry') && <Problem id={`${id}-expiry-error`}>{shown('expiry')}</Problem>}
      </Cell>
      <Cell>
        <CardLabel htmlFor={`${id}-cvc`}>{words.cvc}</CardLabel>
        <CardInput
          {...input('cvc')}
          autoComplete="cc-csc"
          placeholder={words.cvcPlaceholder}
          onChange={change('cvc', (value) => formatCvc(value, fields.number))}
        />
        {shown('cvc') && <Problem id={`${id}-cvc-error`}>{shown('cvc')}</Problem>}
      </Cell>
      <Note>{words.testCards}</Note>
    </Grid>
  );
}
