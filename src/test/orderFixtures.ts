import type { Order } from '@contract/orders';
import { battery, tyre } from './fixtures';

/** A shopper's orders: one to pay, one paid. */
export const unpaidBattery: Order = {
  _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000601',
  productId: battery._id,
  ProductName: battery.name,
  price: battery.price,
  name: 'Demo Shopper',
  email: 'shopper@store.test',
  address: '12 Foundry Lane, Leeds',
  number: '0113 496 0000',
  quantity: 1,
  paid: false,
  transactionId: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
  expired: false,
  checkoutId: null,
  fitting: null,
  status: 'unpaid',
  refunded: 0,
  refundPending: 0,
  shipment: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

export const paidTyres: Order = {
  ...unpaidBattery,
  _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000602',
  productId: tyre._id,
  ProductName: tyre.name,
  price: tyre.price,
  quantity: 4,
  paid: true,
  status: 'paid',
  transactionId: 'pi_local_paid0000000000000000',
};

export const otherShoppersOrder: Order = {
  ...unpaidBattery,
  _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000603',
  name: 'Tomasz W.',
  email: 'tomasz@example.com',
  number: '+48 58 555 0100',
  quantity: 2,
};
