import { useFormik } from 'formik';
import type { Order } from '@contract/orders';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { useOrderMoney } from '../../../shared/orders/orderMoney';
import { leftToRefundCents } from '@contract/orderLifecycle';
import { TEXT_MAX } from '@contract/limits';
import { orderPageCopy } from '../orderPageCopy';
import { useRefundOrderMutation } from '../../../shared/orders/orderLifecycleApi';
import { TextAreaField, TextField } from '../../../ui/Field';
import { fieldProps } from '../../../shared/forms/formik';
import { factsOf } from '../lifecycle/orderLifecycleMachine';
import { ActionDialog } from './ActionDialog';
import { refundSchema } from './lifecycleSchemas';
import { useOrderTransition } from './useOrderTransition';

const words = orderPageCopy.refund;

/**
 * An admin refunds part or all of what is left of the payment, saying why: a refund under way
 * is spoken for, so it is never offered again (the server would refuse it).
 */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [refund] = useRefundOrderMutation();
  const send = useOrderTransition(order, onClose);
  const facts = factsOf(order);
  const { refundedCents, pendingRefundCents } = facts;
  const left = leftToRefundCents(facts);
  const orderMoney = useOrderMoney();
  const currency = order.currency ?? 'USD';
  const money = (minor: number) => orderMoney(order, minor / 100);
  const schema = refundSchema(left, currency, money);
  const form = useFormik({
    initialValues: { amount: '', reason: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const amount = Number(values.amount);
      const cents = Math.round(amount * 100);
      await send(
        refund,
        { amount, reason: values.reason.trim() },
        // A refund the provider has not made yet (pending) is not counted on the order yet.
        (saved) =>
          factsOf(saved).refundedCents - refundedCents >= cents
            ? words.done(money(cents))
            : words.pending(money(cents)),
        { ...helpers, values },
      );
    },
  });
  return (
    <ActionDialog
      title={words.title}
      form={form}
      submitLabel={lifecycleCopy.action.refund}
      onClose={onClose}
    >
      <p>
        {words.left(money(left))}
        {pendingRefundCents > 0 && ` ${words.underWay(money(pendingRefundCents))}`}
      </p>
      <TextField
        label={words.amount(currency)}
        type="number"
        inputMode="decimal"
        min={0.01}
        max={left / 100}
        step={0.01}
        required
        data-autofocus
        {...fieldProps(form, 'amount')}
      />
      <TextAreaField
        label={words.reason}
        maxLength={TEXT_MAX.reason}
        required
        {...fieldProps(form, 'reason')}
      />
    </ActionDialog>
  );
}
