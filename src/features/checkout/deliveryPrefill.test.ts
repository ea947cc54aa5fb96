import type { Order } from '@contract/orders';
import { aProfile, anOrder } from '../../test/builders';
import { deliveryPrefill } from './deliveryPrefill';

const profile = aProfile({
  Department: 'Mechanical',
  Linkedin: 'https://www.linkedin.com/in/dana',
  image: '/images/profile.webp',
});

const order = (address: string, number: string): Order =>
  anOrder({
    _id: `0b8e3c52-7a4d-4f1e-9c3b-${address.length.toString().padStart(12, '0')}`,
    address,
    number,
    expiresAt: null,
  });

describe('the delivery prefill', () => {
  it('takes name and address from the profile, and the phone from the newest order', () => {
    const orders = [order('12 Foundry Lane, Leeds', '0113 496 0000'), order('Old St', '020 7946')];
    expect(deliveryPrefill(profile, orders)).toEqual({
      name: 'Dana Shopper',
      address: '4 Mill Road, York',
      number: '0113 496 0000',
    });
  });

  it('falls back to the newest order without a profile', () => {
    expect(deliveryPrefill(undefined, [order('12 Foundry Lane, Leeds', '0113 496 0000')])).toEqual({
      name: 'Demo Shopper',
      address: '12 Foundry Lane, Leeds',
      number: '0113 496 0000',
    });
  });

  it('falls back field by field, skipping blank values', () => {
    expect(
      deliveryPrefill({ ...profile, Address: '  ' }, [order('9 Kiln Yard', '0113 496 0001')]),
    ).toEqual({ name: 'Dana Shopper', address: '9 Kiln Yard', number: '0113 496 0001' });
  });

  it('leaves out what neither has', () => {
    expect(deliveryPrefill(undefined, [])).toEqual({});
    expect(deliveryPrefill(undefined, undefined)).toEqual({});
    expect(deliveryPrefill(profile, undefined)).toEqual({
      name: 'Dana Shopper',
      address: '4 Mill Road, York',
    });
  });
});
