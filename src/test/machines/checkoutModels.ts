import { bagCheckoutModel } from './bagCheckout.model';
import { deleteOrderModel } from './deleteOrder.model';
import type { MachineModel } from './machineModel';
import { orderModalModel } from './orderModal.model';
import { paymentModel } from './payment.model';

/** The checkout's machines, in the order a shopper meets them. */
export const models: MachineModel[] = [
  orderModalModel,
  deleteOrderModel,
  paymentModel,
  bagCheckoutModel,
];
