import { Type } from '@sinclair/typebox';

/** A discount code as typed (issue 49): its own module, so the checkout's form brings no more. */
export const PromotionCode = Type.String({
  minLength: 3,
  maxLength: 32,
  pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$',
  title: 'Code',
  errorMessage: { pattern: 'may have letters, digits and dashes only' },
});

/** The most codes one checkout takes. */
export const MAX_CODES = 5;
