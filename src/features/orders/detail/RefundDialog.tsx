import { useFormik } from 'formik';
import styled from 'styled-components';
import type { Order } from '@contract/orders';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { useOrderMoney } from '../../../shared/orders/orderMoney';
import { TEXT_MAX } from '@contract/limits';
import { orderPageCopy } from '../orderPageCopy';
import {
  useGetRefundPreviewQuery,
  useRefundOrderMutation,
} from '../../../shared/orders/orderLifecycleApi';
import { apiErrorMessage } from '../../../store/apiError';
import { TextAreaField, TextField } from '../../../ui/Field';
import { fieldProps } from '../../../shared/forms/formik';
import { factsOf } from '../lifecycle/orderLifecycleMachine';
import { ActionDialog } from './ActionDialog';
import { refundSchema } from './lifecycleSchemas';
import { useOrderTransition } from './useOrderTransition';

const words = orderPageCopy.refund;

/** The server's figure for the units chosen (or why there is none), read before confirming. */
const Figure = styled.p<{ $problem: boolean }>`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid
    ${({ theme, $problem }) => ($problem ? theme.colors.danger : theme.colors.accentStrong)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $problem }) => ($problem ? theme.colors.dangerSoft : 'transparent')};
  font-weight: 600;
`;

/** Units typed that the server can be asked about: a whole number from 1 to `max`. */
const askable = (typed: unknown, max: number) => {
  const units = Number(typed);
  return Number.isInteger(units) && units >= 1 && units <= max ? units : 0;
};

/**
 * An admin refunds part or all of what is left of the payment, saying why: units of the order's
 * line returned (the server says what they cost the shopper, discounts shared out, before the
 * refund is confirmed), or an amount (goodwill). A refund under way is spoken for, so it is
 * never offered again (the server would refuse it).
 */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [refund] = useRefundOrderMutation();
  const send = useOrderTransition(order, onClose);
  const { refundedCents, pendingRefundCents } = factsOf(order);
  const orderMoney = useOrderMoney();
  const currency = order.currency ?? 'USD';
  const money = (minor: number) => orderMoney(order, minor / 100);
  // What is left to refund and how many units can still be returned: the server's answer (it
  // knows the discounts; nothing can be refunded until it came).
  const base = useGetRefundPreviewQuery({ id: order._id, units: 0 });
  const left = base.data?.leftMinor ?? 0;
  const unitsLeft = base.data?.unitsLeft ?? 0;
  const schema = refundSchema(left, currency, money, unitsLeft);
  const form = useFormik({
    initialValues: { units: '0', amount: '', reason: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const units = askable(values.units, unitsLeft);
      const figure = units > 0 ? preview.currentData?.amountMinor : undefined;
      if (units > 0 && figure === undefined) {
        helpers.setStatus(words.waitForFigure);
        return;
      }
      const amount = Number(values.amount);
      const cents = figure ?? Math.round(amount * 100);
      const reason = values.reason.trim();
      await send(
        refund,
        units > 0 ? { units, reason } : { amount, reason },
        // A refund the provider has not made yet (pending) is not counted on the order yet.
        (saved) =>
          factsOf(saved).refundedCents - refundedCents >= cents
            ? words.done(money(cents))
            : words.pending(money(cents)),
        { ...helpers, values },
      );
    },
  });
  const units = askable(form.values.units, unitsLeft);
  const preview = useGetRefundPreviewQuery({ id: order._id, units }, { skip: units === 0 });
  const problem = preview.error ?? base.error;
  return (
    <ActionDialog
      title={words.title}
      form={form}
      submitLabel={lifecycleCopy.action.refund}
      onClose={onClose}
    >
      <p>
        {base.data ? words.left(money(left)) : words.working}
        {pendingRefundCents > 0 && ` ${words.underWay(money(pendingRefundCents))}`}
      </p>
      <TextField
        label={words.units(order.ProductName)}
        hint={base.data ? words.unitsHint(base.data.quantity, unitsLeft) : words.working}
        type="number"
        inputMode="numeric"
        min={0}
        max={unitsLeft}
        step={1}
        data-autofocus
        {...fieldProps(form, 'units')}
      />
      {units > 0 || problem ? (
        <Figure role="status" $problem={Boolean(problem)}>
          {problem
            ? apiErrorMessage(problem)
            : preview.currentData
              ? words.forUnits(units, money(preview.currentData.amountMinor))
              : words.working}
        </Figure>
      ) : null}
      {units === 0 && (
        <TextField
          label={words.amount(currency)}
          type="number"
          inputMode="decimal"
          min={0.01}
          max={left / 100}
          step={0.01}
          required
          {...fieldProps(form, 'amount')}
        />
      )}
      <TextAreaField
        label={words.reason}
        maxLength={TEXT_MAX.reason}
        required
        {...fieldProps(form, 'reason')}
      />
    </ActionDialog>
  );
}
