import { demoProducts } from './demoProducts';
import { findProduct, nextSelection } from './searchProduct';

const byName = (name: string) => demoProducts.find((item) => item.name === name)!;

describe('the demo search rule', () => {
  it('holds the spec’s six demo items with their prices and one shared description', () => {
    expect(demoProducts.map(({ name, price }) => [name, price])).toEqual([
      ['pen', 5],
      ['paper', 10],
      ['book', 150],
      ['mouse', 300],
      ['keyboard', 750],
      ['earphone', 350],
    ]);
    expect(new Set(demoProducts.map((item) => item.description)).size).toBe(1);
  });

  it('finds the item whose name matches exactly', () => {
    expect(findProduct(demoProducts, 'keyboard')).toBe(byName('keyboard'));
    expect(findProduct(demoProducts, 'pen')).toBe(byName('pen'));
  });

  it('is case-sensitive', () => {
    expect(findProduct(demoProducts, 'Pen')).toBeUndefined();
    expect(findProduct(demoProducts, 'MOUSE')).toBeUndefined();
  });

  it('does not trim spaces', () => {
    expect(findProduct(demoProducts, ' pen')).toBeUndefined();
    expect(findProduct(demoProducts, 'pen ')).toBeUndefined();
  });

  it('matches whole names only, never a part', () => {
    expect(findProduct(demoProducts, 'pe')).toBeUndefined();
    expect(findProduct(demoProducts, 'ear')).toBeUndefined();
    expect(findProduct(demoProducts, 'pens')).toBeUndefined();
    expect(findProduct(demoProducts, '')).toBeUndefined();
  });

  it('starts empty and replaces the selection with a match', () => {
    const first = nextSelection(undefined, demoProducts, 'book');
    expect(first).toBe(byName('book'));
    expect(nextSelection(first, demoProducts, 'paper')).toBe(byName('paper'));
  });

  it('keeps the previous result when nothing matches', () => {
    const book = byName('book');
    expect(nextSelection(book, demoProducts, 'Book')).toBe(book);
    expect(nextSelection(book, demoProducts, ' paper')).toBe(book);
    expect(nextSelection(book, demoProducts, '')).toBe(book);
    expect(nextSelection(undefined, demoProducts, 'nothing')).toBeUndefined();
  });
});
