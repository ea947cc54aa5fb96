import { anOrder } from './builders';
import { battery, tyre } from './fixtures';

/** A shopper's orders: one to pay, one paid. */
export const unpaidBattery = anOrder({ product: battery });

export const paidTyres = anOrder({
  _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000602',
  product: tyre,
  quantity: 4,
  status: 'paid',
});

export const otherShoppersOrder = anOrder({
  _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000603',
  product: battery,
  name: 'Tomasz W.',
  email: 'tomasz@example.com',
  number: '+48 58 555 0100',
  quantity: 2,
});
