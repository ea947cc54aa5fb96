import { bagCheckoutModel } from './bagCheckout.model';
import { deleteOrderModel } from './deleteOrder.model';
import type { MachineModel } from './machineModel';
import { orderLifecycleModel } from './orderLifecycle.model';
import { orderModalModel } from './orderModal.model';
import { paymentModel } from './payment.model';

/** The checkout's machines, in the order a shopper meets them, then the order's life after it. */
export const models: MachineModel[] = [
  orderModalModel,
  deleteOrderModel,
  paymentModel,
  bagCheckoutModel,
  orderLifecycleModel,
];
