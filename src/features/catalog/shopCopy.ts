/**
 * The shop's words for its filters and sort as a form, sent before (or without) the script
 * (ShopFilters); in the shop's chunk only.
 */
export const shopCopy = {
  filters: 'Filters',
  applyFilters: 'Apply filters',
  applySort: 'Sort',
  /** Before the search with its unknown words replaced by the catalogue's closest words. */
  didYouMean: 'Did you mean',
};
