import { jobOf } from './appointmentChoice';

describe('jobOf', () => {
  it('makes a pair, a set of four or a staggered set of the bag', () => {
    expect(jobOf([{ quantity: 2 }])).toBe('pair');
    expect(jobOf([{ quantity: 1 }])).toBe('pair');
    expect(jobOf([{ quantity: 4 }])).toBe('four');
    expect(jobOf([{ quantity: 4 }, { quantity: 1 }])).toBe('four');
    expect(jobOf([{ quantity: 2 }, { quantity: 2 }])).toBe('staggered');
  });
});
