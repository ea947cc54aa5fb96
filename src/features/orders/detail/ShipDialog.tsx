import { useFormik } from 'formik';
import type { Order } from '@contract/orders';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { SHIPMENT_TEXT_MAX, TEXT_MAX } from '@contract/limits';
import { orderPageCopy } from '../orderPageCopy';
import { useShipOrderMutation } from '../../../shared/orders/orderLifecycleApi';
import { TextField } from '../../../ui/Field';
import { fieldProps } from '../../../shared/forms/formik';
import { ActionDialog } from './ActionDialog';
import { shipSchema } from './lifecycleSchemas';
import { useOrderTransition } from './useOrderTransition';

const words = orderPageCopy.ship;

/** An admin ships a paid order: the carrier, its tracking number and, if any, its tracking page. */
export function ShipDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [ship] = useShipOrderMutation();
  const send = useOrderTransition(order, onClose);
  const form = useFormik({
    initialValues: { carrier: '', trackingNumber: '', trackingUrl: '' },
    validationSchema: shipSchema,
    onSubmit: async (values, helpers) => {
      const trackingUrl = values.trackingUrl.trim();
      const body = {
        carrier: values.carrier.trim(),
        trackingNumber: values.trackingNumber.trim(),
        ...(trackingUrl ? { trackingUrl } : {}),
      };
      await send(ship, body, () => words.done, { ...helpers, values });
    },
  });
  return (
    <ActionDialog
      title={words.title}
      form={form}
      submitLabel={lifecycleCopy.action.ship}
      onClose={onClose}
    >
      <TextField
        label={words.carrier}
        maxLength={SHIPMENT_TEXT_MAX}
        autoComplete="off"
        required
        data-autofocus
        {...fieldProps(form, 'carrier')}
      />
      <TextField
        label={words.trackingNumber}
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
        required
        {...fieldProps(form, 'trackingNumber')}
      />
      <TextField
        label={words.trackingUrl}
        type="url"
        inputMode="url"
        maxLength={TEXT_MAX.webUrl}
        hint={words.trackingUrlHint}
        {...fieldProps(form, 'trackingUrl')}
      />
    </ActionDialog>
  );
}
