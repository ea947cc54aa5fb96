import { orderTotalProblem, PHONE_PATTERN, PHONE_PROBLEM, TEXT_MAX } from '@contract/limits';
import { ORDER_QUANTITY } from '@contract/quantities';
import type { Product } from '@contract/products';
import { stockRefuses, unitsOrderable } from '@contract/stockRule';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';

/** What the modal needs of the product: shown read-only, and the stock rule's numbers. */
export type OrderProduct = Pick<
  Product,
  '_id' | 'name' | 'price' | 'availablequantity' | 'orderquantity'
>;

/** What the shopper typed, as typed: the machine decides what is acceptable. */
export interface OrderDraft {
  address: string;
  number: string;
  quantity: string;
}

export type OrderField = keyof OrderDraft;
export type FieldErrors = Partial<Record<OrderField, string>>;

/** The form's fields in the order they are shown (and kept in lists, so states compare). */
export const orderFields: readonly OrderField[] = ['address', 'number', 'quantity'];

export const emptyDraft: OrderDraft = { address: '', number: '', quantity: '' };

const requiredMessages: Record<OrderField, string> = {
  address: copy.order.addressRequired,
  number: copy.order.phoneRequired,
  quantity: copy.order.quantityRequired,
};

/** The spec: address, phone number and quantity are required. */
export function missingFields(draft: OrderDraft): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of orderFields) {
    if (draft[field].trim() === '') errors[field] = requiredMessages[field];
  }
  return errors;
}

const phonePattern = new RegExp(PHONE_PATTERN);
const labels = copy.order.fields;

/** The API's rules for the typed fields, checked before sending, in the API's own words. */
export function invalidFields(draft: OrderDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.address.trim().length > TEXT_MAX.address) {
    errors.address = checkoutCopy.order.tooLong(labels.address, TEXT_MAX.address);
  }
  if (!phonePattern.test(draft.number.trim())) {
    errors.number = checkoutCopy.order.fieldProblem(labels.phone, PHONE_PROBLEM);
  }
  if (Number(draft.quantity) > ORDER_QUANTITY.max) {
    errors.quantity = checkoutCopy.order.atMost(labels.quantity, ORDER_QUANTITY.max);
  }
  return errors;
}

/** Fields the form cannot be sent with (said under them, no toast): empty, or refused by the API. */
export function blockingFields(draft: OrderDraft): FieldErrors {
  return { ...invalidFields(draft), ...missingFields(draft) };
}

/**
 * The spec's 'wrong input a quantity': below 0. A quantity that is not a whole number is just
 * as wrong (a number input can still hold 1.5). 0 passes: the server's answer decides.
 */
export function isWrongQuantity(quantity: string): boolean {
  const value = Number(quantity);
  return !Number.isInteger(value) || value < 0;
}

/** How many units the spec's stock rule lets one order take. */
export function maxOrderable(product: Pick<OrderProduct, 'availablequantity' | 'orderquantity'>) {
  // The spec's stock rule, and no more than one order may take.
  return Math.min(ORDER_QUANTITY.max, unitsOrderable(product));
}

/** The spec's stock rule: refuse when available - orderquantity < quantity. */
export function exceedsAvailable(product: OrderProduct, quantity: string): boolean {
  return stockRefuses(product, Number(quantity));
}

/** Why the order's total cannot be paid by card, in the server's words; null when it can. */
export const totalProblem = (price: number, quantity: string): string | null =>
  orderTotalProblem(Math.round(price * 100) * Number(quantity));

/**
 * Everything wrong with a typed (non-empty) quantity, not just the first thing: the shopper
 * fixes it once. Over the stock and over one order's limit are different rules, so both may
 * show; the card's total only when the units are otherwise fine (its advice is the same).
 */
export function quantityProblems(product: OrderProduct, quantity: string): string[] {
  const value = Number(quantity);
  const words = checkoutCopy.order;
  const problems: string[] = [];
  if (!Number.isInteger(value)) problems.push(words.notWhole);
  if (value < 0) problems.push(words.belowZero);
  if (value > ORDER_QUANTITY.max) problems.push(words.atMost(labels.quantity, ORDER_QUANTITY.max));
  if (exceedsAvailable(product, quantity)) {
    problems.push(words.overStock(unitsOrderable(product)));
  }
  const total = problems.length === 0 ? totalProblem(product.price, quantity) : null;
  if (total) problems.push(total);
  return problems;
}

/** What is wrong with one field, all of it, in words; null when nothing is. */
export function fieldProblem(
  field: OrderField,
  draft: OrderDraft,
  product: OrderProduct | null,
): string | null {
  const missing = missingFields(draft)[field];
  if (missing) return missing;
  if (field === 'quantity') {
    return product ? quantityProblems(product, draft.quantity).join(' ') || null : null;
  }
  return invalidFields(draft)[field] ?? null;
}

/** `fieldProblem` of the given fields, leaving the others' messages as they were. */
export function recheck(
  errors: FieldErrors,
  fields: readonly OrderField[],
  draft: OrderDraft,
  product: OrderProduct | null,
): FieldErrors {
  const next: FieldErrors = { ...errors };
  for (const field of fields) {
    const problem = fieldProblem(field, draft, product);
    if (problem) next[field] = problem;
    else delete next[field];
  }
  return next;
}
