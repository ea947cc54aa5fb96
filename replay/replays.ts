import { bagCheckoutReplay } from './bagCheckout.replay';
import { deleteOrderReplay } from './deleteOrder.replay';
import { orderLifecycleReplay } from './orderLifecycle.replay';
import { orderModalReplay } from './orderModal.replay';
import { paymentReplay } from './payment.replay';
import { anyWorld } from './replayTable';

/** Every checkout machine's replay, in the order `npm run machines` lists them. */
export const replays = [
  anyWorld(orderModalReplay),
  anyWorld(deleteOrderReplay),
  anyWorld(paymentReplay),
  anyWorld(bagCheckoutReplay),
  anyWorld(orderLifecycleReplay),
];
