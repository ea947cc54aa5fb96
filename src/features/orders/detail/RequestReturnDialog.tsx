import { useFormik } from 'formik';
import type { Order } from '@contract/orders';
import { TEXT_MAX } from '@contract/limits';
import { orderPageCopy } from '../orderPageCopy';
import { useReturnOrderMutation } from '../../../shared/orders/orderLifecycleApi';
import { TextAreaField } from '../../../ui/Field';
import { fieldProps } from '../../../shared/forms/formik';
import { ActionDialog } from './ActionDialog';
import { requestReturnSchema } from './lifecycleSchemas';
import { useOrderTransition } from './useOrderTransition';

const words = orderPageCopy.requestReturn;

/** The shopper asks to return a delivered order, saying why. */
export function RequestReturnDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [requestReturn] = useReturnOrderMutation();
  const send = useOrderTransition(order, onClose);
  const form = useFormik({
    initialValues: { reason: '' },
    validationSchema: requestReturnSchema,
    onSubmit: async (values, helpers) => {
      await send(requestReturn, { reason: values.reason.trim() }, () => words.done, {
        ...helpers,
        values,
      });
    },
  });
  return (
    <ActionDialog title={words.title} form={form} submitLabel={words.submit} onClose={onClose}>
      <p>{words.intro}</p>
      <TextAreaField
        label={words.reason}
        maxLength={TEXT_MAX.reason}
        required
        data-autofocus
        {...fieldProps(form, 'reason')}
      />
    </ActionDialog>
  );
}
