import type { AnyEventObject } from 'xstate';
import { ApiError } from '../../store/callApi';
import {
  deleteOrderMachine,
  type DeleteOrderContext,
  type OrderToDelete,
} from '../../features/orders/deleteOrderMachine';
import type { MachineModel } from './machineModel';

export const orderToDelete: OrderToDelete = {
  _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000401',
  productId: '7d6f8f3e-2c1a-4b5e-9f00-000000000002',
  ProductName: 'PowerCell AGM Battery 12V 70Ah',
  quantity: 1,
};

/** A failure that trying again can help. */
export const busyRefusal = new ApiError('The store is busy: please try again in a moment.', 503);

/** The server's refusal of a paid order. */
export const paidRefusal = new ApiError('This order is paid and can no longer be deleted.', 409);

const events: AnyEventObject[] = [
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'DELETE_ORDER', order: orderToDelete },
  { type: 'xstate.done.actor.deleteOrder', output: { deletedCount: 1 } },
  { type: 'xstate.done.actor.deleteOrder', output: { deletedCount: 0 } },
  { type: 'xstate.error.actor.deleteOrder', error: paidRefusal },
  { type: 'xstate.error.actor.deleteOrder', error: busyRefusal },
];

export const deleteOrderModel: MachineModel = {
  name: 'deleteOrder',
  machine: deleteOrderMachine,
  events,
  describeEvent(event) {
    switch (event.type) {
      case 'DELETE_ORDER':
        return `DELETE_ORDER: 'DELETE ORDER' on ${(event.order as OrderToDelete).ProductName}`;
      case 'CONFIRM':
        return 'CONFIRM: Delete';
      case 'CANCEL':
        return 'CANCEL: Cancel';
      case 'xstate.done.actor.deleteOrder':
        return `the server answers deletedCount ${event.output.deletedCount}`;
      case 'xstate.error.actor.deleteOrder': {
        const error = event.error as ApiError;
        return `the server refuses (${error.status}): "${error.message}"`;
      }
      default:
        return event.type;
    }
  },
  describeState(snapshot) {
    const context = snapshot.context as DeleteOrderContext;
    if (context.error) return `"${context.error}"`;
    return context.order ? context.order.ProductName : null;
  },
};
