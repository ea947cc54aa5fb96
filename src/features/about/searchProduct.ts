import type { DemoProduct } from './demoProducts';

/**
 * The item whose name is exactly `text`: case-sensitive, untrimmed, whole name only (the spec's
 * section 5). ' pen', 'Pen' and 'pe' find nothing.
 */
export function findProduct(items: readonly DemoProduct[], text: string): DemoProduct | undefined {
  return items.find((item) => item.name === text);
}

/**
 * What the page shows after a search (section 4): the match, or, with no match, whatever it
 * showed before. Starts empty (`undefined`).
 */
export function nextSelection(
  previous: DemoProduct | undefined,
  items: readonly DemoProduct[],
  text: string,
): DemoProduct | undefined {
  return findProduct(items, text) ?? previous;
}
