/** The shop's words for listing by model (issue 51); in the shop's chunk only. */
export const modelListCopy = {
  listName: 'Tyre models',
  /** The control that lists sizes or models. */
  show: 'Show',
  bySize: 'Each size',
  byModel: 'Each model',
  from: (price: string) => `from ${price}`,
  sizesMatching: (n: number) => (n === 1 ? '1 size matches' : `${n} sizes match`),
  sizesOf: (model: string) => `Sizes of ${model}`,
  more: (n: number) => (n === 1 ? 'and 1 more size' : `and ${n} more sizes`),
};
