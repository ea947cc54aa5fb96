/** An item of the Q&A page's demo search: the spec's section 3 list. */
export interface DemoProduct {
  name: string;
  price: number;
  description: string;
}

/** The spec gives every demo item the same placeholder filler text. */
const FILLER =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.';

export const demoProducts: readonly DemoProduct[] = [
  { name: 'pen', price: 5, description: FILLER },
  { name: 'paper', price: 10, description: FILLER },
  { name: 'book', price: 150, description: FILLER },
  { name: 'mouse', price: 300, description: FILLER },
  { name: 'keyboard', price: 750, description: FILLER },
  { name: 'earphone', price: 350, description: FILLER },
];
