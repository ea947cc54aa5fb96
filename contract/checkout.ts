import { Type, type Static } from '@sinclair/typebox';
import { Appointment, AppointmentChoice } from './appointments';
import { copy } from './copy';
import { Id, labelled, NonBlank } from './common';
import { CalendarDate } from './fitting';
import { TEXT_MAX } from './limits';
import { CheckoutPricing } from './markets';
import { Order, PayOrderBody, Phone } from './orders';
import { MAX_CODES, PromotionCode } from './promotionCode';

/**
 * Checkout of the bag (issue 29): every line of the shopper's bag becomes an ordinary order,
 * all reserved in one transaction and paid with one card payment for the total.
 */

/** `POST /checkout`: who receives the products, and, for fitting at the shop, the day. */
export const CheckoutBody = Type.Object(
  {
    name: NonBlank(TEXT_MAX.personName, copy.order.fields.name),
    address: NonBlank(TEXT_MAX.address, copy.order.fields.address),
    number: labelled(Phone, copy.order.fields.phone),
    fitting: Type.Optional(
      Type.Union([CalendarDate, Type.Null()], {
        description: 'Fitting at the shop on this day instead of delivery (GET /fitting-days)',
      }),
    ),
    appointment: Type.Optional(
      Type.Union([AppointmentChoice, Type.Null()], {
        description:
          'Fitting at a centre at a time instead of delivery (GET /fitting-centres/{id}/slots)',
      }),
    ),
    vehicle: Type.Optional(
      Type.Union(
        [
          Type.String({
            format: 'uuid',
            errorMessage: { format: 'is not one the store uses' },
          }),
          Type.Null(),
        ],
        {
          title: 'vehicle',
          description:
            'The car the bag is for (GET /vehicles): a tyre below its load index or speed rating is refused (409, GET /bag/fitment says why). Null or left out: no car',
        },
      ),
    ),
    country: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{2}$',
        title: 'Country',
        description:
          'The address’s country (ISO 3166-1 alpha-2): the checkout is priced in its market, ' +
          'with services, fees and tax (GET /markets). Left out: the spec’s dollar prices alone',
        errorMessage: { pattern: 'must be a two-letter country code such as US, DE or GB' },
      }),
    ),
    region: Type.Optional(
      Type.String({
        pattern: '^[A-Z0-9]{1,3}$',
        title: 'State',
        description: 'The state (US: its two letters), where the market’s tax depends on it',
        errorMessage: { pattern: 'must be a state code such as CA' },
      }),
    ),
    postalCode: Type.Optional(Type.String({ maxLength: 12, title: 'Postal code' })),
    codes: Type.Optional(
      Type.Array(PromotionCode, {
        maxItems: MAX_CODES,
        title: 'Codes',
        description:
          'Discount codes typed (GET /promotions/check says first whether they apply); a code ' +
          'that gives nothing refuses the checkout (409, why). Needs `country`',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CheckoutBody = Static<typeof CheckoutBody>;

export const Checkout = Type.Object(
  {
    _id: Id,
    orders: Type.Array(Order, { description: 'One order per line of the bag, oldest line first' }),
    total: Type.Number({
      description:
        'What the checkout costs in dollars (in its market’s currency when priced in one): ' +
        'the sum of its orders',
    }),
    fitting: Type.Union([CalendarDate, Type.Null()], {
      description: 'The day its tyres are fitted at the shop; null for delivery',
    }),
    paid: Type.Boolean({ description: 'Every order of it is paid' }),
    transactionId: Type.Union([Type.String(), Type.Null()], {
      description: 'The one payment of every order, once paid',
    }),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Until when its unpaid orders hold their stock; null once paid',
    }),
    expired: Type.Boolean({ description: 'Unpaid past its hold: it can no longer be paid' }),
    createdAt: Type.String({ format: 'date-time' }),
    pricing: Type.Optional(CheckoutPricing),
    appointment: Type.Optional(
      Type.Union([Appointment, Type.Null()], {
        description:
          'The fitting appointment it booked (the last one, when cancelled); null or left out: none',
      }),
    ),
  },
  { $id: 'Checkout' },
);
export type Checkout = Static<typeof Checkout>;

/** `PATCH /checkout/:id`: the PaymentIntent id the card payment produced. */
export const PayCheckoutBody = Type.Pick(PayOrderBody, ['transactionId'], {
  additionalProperties: false,
});
export type PayCheckoutBody = Static<typeof PayCheckoutBody>;

export const CheckoutParams = Type.Object({ id: labelled(Id, 'This checkout’s id') });
