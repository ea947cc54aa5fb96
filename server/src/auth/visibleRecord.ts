import { Forbidden, NotFound } from '../domainErrors';
import type { Identity } from './guards';

/** Who may see a kind of record besides its owner, and the words of each refusal. */
export interface Visibility<Row> {
  /** Staff who may see it too: those who read every order, a fitter of its centre. */
  alsoSeenBy: (caller: Identity, row: Row) => boolean;
  /** Said when there is no such record. */
  none: string;
  /** Said when it is someone else's. */
  someoneElses: string;
}

/**
 * The record found (or nothing), if the caller may see it: its owner, or staff by the kind's
 * rule. The orders, checkouts and appointments that calls by id read, pay or change pass
 * through here, so no route answers someone else's record.
 */
export function visibleTo<Row extends { userId: string | null }>(
  caller: Identity,
  found: Row | null | undefined,
  rule: Visibility<Row>,
): Row {
  if (!found) throw new NotFound(rule.none);
  if (found.userId !== caller.userId && !rule.alsoSeenBy(caller, found)) {
    throw new Forbidden(rule.someoneElses);
  }
  return found;
}
