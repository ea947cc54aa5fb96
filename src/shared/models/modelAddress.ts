/** The model page's address parameter naming the chosen size (a product's id). */
export const SIZE_PARAM = 'size';

/** A tyre model's page (issue 51), a size chosen: what cards and product pages link to. */
export const modelHref = (modelId: string, sizeId?: string) =>
  `/model/${modelId}${sizeId ? `?${SIZE_PARAM}=${sizeId}` : ''}`;

/** The words of the links to a model's page (a tyre's page, a shop card). */
export const modelLinkCopy = {
  /** A shop card's link: the same tyre in other sizes. */
  cardLink: (sizes: number) => `All ${sizes} sizes`,
  productLink: (name: string, sizes: number) =>
    sizes > 1 ? `${name}: see all ${sizes} sizes` : `More about ${name}`,
} as const;
