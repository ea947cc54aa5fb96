import { Type, type Static } from '@sinclair/typebox';
import { Id, labelled } from './common';

/** Exactly one of `orderId` (one order) and `checkoutId` (a bag's checkout) says what is paid. */
export const CreatePaymentIntentBody = Type.Object(
  {
    orderId: Type.Optional(labelled(Id, 'The order')),
    checkoutId: Type.Optional(labelled(Id, 'The checkout')),
    // The spec's client sends a price; the amount always comes from the order or checkout.
    price: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
export type CreatePaymentIntentBody = Static<typeof CreatePaymentIntentBody>;

export const PaymentIntentResponse = Type.Object({ clientSecret: Type.String() });
export type PaymentIntentResponse = Static<typeof PaymentIntentResponse>;

/** The local provider's stand-in for Stripe.js `confirmCardPayment`. */
export const LocalConfirmBody = Type.Object(
  {
    clientSecret: Type.String({ minLength: 1, maxLength: 255 }),
    card: Type.Object(
      {
        number: Type.String({ minLength: 1, maxLength: 32 }),
        expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
        expYear: Type.Integer({ minimum: 0, maximum: 9999 }),
        cvc: Type.String({ minLength: 1, maxLength: 8 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type LocalConfirmBody = Static<typeof LocalConfirmBody>;

export const LocalConfirmSuccess = Type.Object({
  paymentIntent: Type.Object({
    id: Type.String(),
    status: Type.Literal('succeeded'),
    amount: Type.Integer({ description: 'Amount in cents' }),
  }),
});
export type LocalConfirmSuccess = Static<typeof LocalConfirmSuccess>;

/** A declined card (402), shaped like Stripe.js's error. */
export const CardDecline = Type.Object({
  error: Type.Object({
    type: Type.Literal('card_error'),
    code: Type.String(),
    message: Type.String(),
  }),
});
export type CardDecline = Static<typeof CardDecline>;

export const WebhookAck = Type.Object({ received: Type.Boolean() });

/** What Stripe posts to the webhook; read only after its signature is checked, so not validated. */
export const StripeEvent = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  description:
    'A Stripe event; payment_intent.succeeded, charge.refunded, charge.refund.updated, ' +
    'refund.created, refund.updated and refund.failed are acted on',
});

export const StripeSignatureHeaders = Type.Object({
  'stripe-signature': Type.Optional(
    Type.String({ description: "Stripe's signature of the body (required)" }),
  ),
});
