import { useFormik } from 'formik';
import styled from 'styled-components';
import type { Order } from '@contract/orders';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { useOrderMoney } from '../../../shared/orders/orderMoney';
import { leftToRefundCents } from '@contract/orderLifecycle';
import { orderPageCopy } from '../orderPageCopy';
import { useReturnOrderMutation } from '../../../shared/orders/orderLifecycleApi';
import { FieldHint } from '../../../ui/Field';
import { factsOf } from '../lifecycle/orderLifecycleMachine';
import { ActionDialog } from './ActionDialog';
import { useOrderTransition } from './useOrderTransition';

const words = orderPageCopy.receiveReturn;

const Tick = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  font-weight: 600;
  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    accent-color: ${({ theme }) => theme.colors.accentStrong};
  }
`;

/** An admin says a returned parcel is back: the rest is refunded, the units restocked if ticked. */
export function ReceiveReturnDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [receive] = useReturnOrderMutation();
  const send = useOrderTransition(order, onClose);
  const money = useOrderMoney();
  const left = leftToRefundCents(factsOf(order));
  const form = useFormik({
    initialValues: { restock: false },
    onSubmit: async (values, helpers) => {
      await send(receive, { received: true as const, restock: values.restock }, () => words.done, {
        ...helpers,
        values,
      });
    },
  });
  return (
    <ActionDialog
      title={words.title}
      form={form}
      submitLabel={lifecycleCopy.action.receiveReturn}
      onClose={onClose}
    >
      <p>{left > 0 ? words.body(money(order, left / 100)) : words.bodyNothingLeft}</p>
      <div>
        <Tick>
          <input
            type="checkbox"
            data-autofocus
            aria-describedby="restock-hint"
            {...form.getFieldProps({ name: 'restock', type: 'checkbox' })}
          />
          {words.restock}
        </Tick>
        <FieldHint id="restock-hint">{words.restockHint}</FieldHint>
      </div>
    </ActionDialog>
  );
}
