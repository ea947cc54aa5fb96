import type { EuLabel } from '@contract/euLabel';

/**
 * The store's own words on a product's page (`/productdetails/:id`), its specification table,
 * its EU tyre label and the label's badges on the cards. The spec's own words for a product
 * (OrderQuantity, 'Add to shopping bag', …) stay in `copy.ts`.
 */

const workingDays = (days: number) => `${days} working day${days === 1 ? '' : 's'}`;

export const productPageCopy = {
  detailsTitle: 'Product details',
  allProducts: '← All products',
  loading: 'Loading the product',
  loadFailed: 'We could not load this product',
  missingTitle: 'This product is not in the store',
  missingHint: 'It may have been removed. Have a look at the other products in the shop.',
  goToShop: 'Go to the shop',
  /** Beside the stock: what one order can take, as the order modal will allow it. */
  youCanOrder: 'You can order',
  upTo: (max: number) => `up to ${max}`,
  outOfStock: 'Out of stock',
  inStock: (units: number) => `In stock: ${units}`,
  /** The store's delivery estimate (DELIVERY_DAYS_MIN/MAX), e.g. "2–4 working days". */
  delivery: (minDays: number, maxDays: number) =>
    minDays === maxDays
      ? `Delivered in ${workingDays(minDays)}`
      : `Delivered in ${minDays}–${workingDays(maxDays)}`,
  /** The meta description search engines show under the page's title. */
  metaDescription: (name: string, price: string, description: string) =>
    `${name}, ${price}. ${description}`,
  spec: {
    title: 'Specification',
    category: 'Category',
    size: 'Size (width/aspect/rim)',
    sizeValue: (width: number, aspect: number, rim: number) =>
      `${width} mm / ${aspect} % / ${rim}″`,
    loadIndex: 'Load index',
    loadIndexValue: (index: number, kg: number | null) =>
      kg === null ? String(index) : `${index} (${kg} kg per tyre)`,
    speedRating: 'Speed rating',
    speedRatingValue: (rating: string, kmh: number | undefined) =>
      kmh === undefined ? rating : `${rating} (up to ${kmh} km/h)`,
    season: 'Season',
    sku: 'SKU',
    fuel: 'Fuel efficiency class',
    wetGrip: 'Wet grip class',
    noise: 'External rolling noise',
    noiseValue: (db: number, noiseClass: string) => `${db} dB (class ${noiseClass})`,
    snow: 'Severe snow (3PMSF)',
    ice: 'Ice grip',
    eprel: 'EPREL registration',
    yes: 'Yes',
    no: 'No',
  },
  label: {
    heading: 'EU tyre label',
    /** What a screen reader reads for the drawn label: every value on it. */
    text: (label: EuLabel, tyre: string) =>
      [
        `EU tyre label (Regulation (EU) 2020/740) for ${tyre}`,
        `fuel efficiency class ${label.fuel} on a scale from A to E`,
        `wet grip class ${label.wetGrip} on a scale from A to E`,
        `external rolling noise ${label.noiseDb} dB, class ${label.noiseClass} on a scale from A to C`,
        `severe snow symbol (3PMSF): ${label.snow ? 'yes' : 'no'}`,
        `ice symbol: ${label.ice ? 'yes' : 'no'}`,
        ...(label.eprel ? [`EPREL registration ${label.eprel}`] : []),
      ].join('; ') + '.',
    regulation: '2020/740',
    /** The tyre-type identifier's place when the product has no EPREL number. */
    noEprel: 'EPREL',
  },
} as const;
