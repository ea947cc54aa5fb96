/**
 * How many units an order takes and how many lines a bag holds: plain numbers that every page
 * loads (the guest bag checks what it reads back against them), apart from the limits of what
 * people type (limits.ts), whose sentences only the forms need.
 */

/** Units one order may take. */
export const ORDER_QUANTITY = { min: 1, max: 10_000 } as const;

/** Lines one bag may hold, and units one line may ask for (an order's own limit). */
export const BAG_LINES_MAX = 30;
export const BAG_LINE_QUANTITY = ORDER_QUANTITY;
