import { deleteOrderReplay } from './deleteOrder.replay';
import { paymentReplay } from './payment.replay';
import { anyWorld } from './replayTable';

/** Every checkout machine's replay, in the order `npm run machines` lists them. */
export const replays = [anyWorld(deleteOrderReplay), anyWorld(paymentReplay)];
