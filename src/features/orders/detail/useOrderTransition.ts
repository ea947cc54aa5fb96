import type { FormikHelpers } from 'formik';
import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { Order } from '@contract/orders';
import { apiErrorField, apiErrorMessage, apiErrorStatus } from '../../../store/apiError';
import type { Keyed } from '../../../store/submissionKey';
import { useSubmissionKeys } from '../../../store/submissionKey';

/** A transition's mutation trigger (useShipOrderMutation's first item, and the others). */
type Trigger<Body> = (args: Keyed<Body> & { id: string; productId: string }) => {
  unwrap(): Promise<Order>;
};

/** What a dialog's form lets this hook say a refusal with. */
type FormSays<V> = Pick<FormikHelpers<V>, 'setFieldError' | 'setStatus'> & { values: V };

/**
 * Sends one transition of `order` from a dialog, once per submission (its Idempotency-Key is the
 * same while the body is unchanged: a double click or a retry acts once). Success: a toast, the
 * dialog closes, and the page and lists refetch through the cache tags. A 409 (the order moved
 * on meanwhile): the API's words as a toast, the dialog closes, and the page shows the order
 * as it now is. Any other refusal stays in the dialog: under the field it is about, else as
 * the form's status, in the API's words.
 */
export function useOrderTransition(order: Order, onClose: () => void) {
  const keys = useSubmissionKeys();
  return useCallback(
    async <Body extends object, V>(
      trigger: Trigger<Body>,
      body: Body,
      done: (saved: Order) => string,
      form: FormSays<V>,
    ) => {
      form.setStatus(null);
      try {
        const saved = await trigger({
          id: order._id,
          productId: order.productId,
          ...body,
          idempotencyKey: keys.keyFor(body),
        }).unwrap();
        keys.done();
        toast.success(done(saved));
        onClose();
      } catch (error) {
        const message = apiErrorMessage(error);
        if (apiErrorStatus(error) === 409) {
          toast.error(message);
          onClose();
          return;
        }
        const field = apiErrorField(error);
        if (field && field in (form.values as object)) form.setFieldError(field, message);
        else form.setStatus(message);
      }
    },
    [keys, onClose, order._id, order.productId],
  );
}
