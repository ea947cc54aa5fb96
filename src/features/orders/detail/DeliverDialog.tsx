import { useFormik } from 'formik';
import type { Order } from '@contract/orders';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { orderPageCopy } from '../orderPageCopy';
import { useDeliverOrderMutation } from '../../../shared/orders/orderLifecycleApi';
import { ActionDialog } from './ActionDialog';
import { useOrderTransition } from './useOrderTransition';

const words = orderPageCopy.deliver;

/** An admin confirms a shipped order arrived. */
export function DeliverDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [deliver] = useDeliverOrderMutation();
  const send = useOrderTransition(order, onClose);
  const form = useFormik({
    initialValues: {},
    onSubmit: async (values, helpers) => {
      await send(deliver, {}, () => words.done, { ...helpers, values });
    },
  });
  return (
    <ActionDialog
      title={words.title}
      form={form}
      submitLabel={lifecycleCopy.action.deliver}
      onClose={onClose}
    >
      <p>{words.body}</p>
    </ActionDialog>
  );
}
