/**
 * The fitting's limits, apart from its schemas: the checkout's pages show them without loading
 * TypeBox (about 45 KB gzip).
 */

/** How far ahead a fitting can be booked, in days (from tomorrow). */
export const FITTING_DAYS_AHEAD = 30;

/**
 * Fitting places cannot be hoarded (issue 45): an account holds at most this many unpaid
 * fitting bookings at once, and an unpaid booking keeps its place (and its stock) for
 * FITTING_HOLD_SECONDS only, as a tyre shop keeps a slot while the customer pays; once paid, the
 * place is theirs.
 */
export const MAX_UNPAID_FITTINGS = 1;
export const FITTING_HOLD_SECONDS = 15 * 60;
