import { useFormik } from 'formik';
import type { Order } from '@contract/orders';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { useOrderMoney } from '../../../shared/orders/orderMoney';
import { leftToRefundCents } from '@contract/orderLifecycle';
import { TEXT_MAX } from '@contract/limits';
import { orderPageCopy } from '../orderPageCopy';
import { useCancelOrderMutation } from '../../../shared/orders/orderLifecycleApi';
import { TextAreaField } from '../../../ui/Field';
import { fieldProps } from '../../../shared/forms/formik';
import { factsOf } from '../lifecycle/orderLifecycleMachine';
import { ActionDialog } from './ActionDialog';
import { cancelSchema } from './lifecycleSchemas';
import { useOrderTransition } from './useOrderTransition';

const words = orderPageCopy.cancel;

/** Cancel (the shopper's or an admin's): what happens to the money and the stock, and why. */
export function CancelDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [cancel] = useCancelOrderMutation();
  const send = useOrderTransition(order, onClose);
  const money = useOrderMoney();
  const facts = factsOf(order);
  const form = useFormik({
    initialValues: { reason: '' },
    validationSchema: cancelSchema,
    onSubmit: async (values, helpers) => {
      const reason = values.reason.trim();
      await send(cancel, reason ? { reason } : {}, () => words.done, { ...helpers, values });
    },
  });
  return (
    <ActionDialog
      title={words.title}
      form={form}
      submitLabel={lifecycleCopy.action.cancel}
      variant="danger"
      dismissLabel={words.keep}
      onClose={onClose}
    >
      <p>
        {facts.paidCents > 0
          ? words.paid(money(order, leftToRefundCents(facts) / 100))
          : words.unpaid}
        {order.checkoutId && !order.paid && ` ${words.together}`}
      </p>
      <TextAreaField
        label={words.reason}
        maxLength={TEXT_MAX.reason}
        data-autofocus
        {...fieldProps(form, 'reason')}
      />
    </ActionDialog>
  );
}
