/** A line of the bag as the page shows it, from the account's bag or from a guest's. */
export interface BagLineView {
  productId: string;
  name: string;
  /** null while the product loads, or when it is gone from the store (a guest's line). */
  img: string | null;
  price: number | null;
  /** The unit price when it was put in the bag: shown beside `price` when they differ. */
  priceWhenAdded: number;
  quantity: number;
  /** Units the stock rule lets orders take now. */
  orderable: number;
  problem: string | null;
  /** It cannot be checked out as it is (retired, not enough stock): change or remove it. */
  blocking: boolean;
}

/** What the stepper's "one fewer" sets: at most what can be ordered, so the API accepts it. */
export const fewerOf = (line: BagLineView) => Math.min(line.quantity - 1, line.orderable);
