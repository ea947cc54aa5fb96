import type { LineKind } from './markets';

/**
 * The words of markets, taxes and fees: the priced lines' labels, and why a checkout priced in a
 * market was refused. Plain values, so the SPA bundles only these.
 */
export const marketCopy = {
  lines: {
    fitting: (rim: number | null) =>
      rim === null ? 'Fitting and balancing' : `Fitting and balancing (R${rim})`,
    valves: 'Valves / TPMS service',
    disposal: 'Old tyre disposal',
    tyreFee: (region: string) => `${region} state tyre fee`,
    delivery: 'Delivery',
    discount: 'Discount',
  } satisfies Record<Exclude<LineKind, 'goods'>, unknown>,
  /** The receipt (`/checkout/:id/receipt`), printable as an invoice. */
  receipt: {
    title: 'Receipt',
    buyer: 'Billed to',
    number: (id: string) => `Receipt ${id.slice(0, 8).toUpperCase()}`,
    date: 'Date',
    rate: 'Tax rate',
    taxPerRate: 'Tax per rate',
    print: 'Print',
    total: 'Total',
    link: 'Receipt (printable)',
    notPriced: 'This checkout was priced in dollars without tax: its orders are its receipt.',
    loading: 'Loading the receipt',
    failed: 'We could not load the receipt',
  },
  taxIncluded: (rate: string) => `incl. ${rate} VAT`,
  taxAdded: (rate: string) => `Sales tax ${rate}`,
  refused: {
    noMarket: (country: string) =>
      `We do not sell to ${country} yet: choose the United States, Germany or the United Kingdom.`,
    unknownMarket: (code: string) => `There is no market ${code} in this store.`,
    regionNeeded: (market: string) =>
      `Please choose the state of the delivery address: the tax in ${market} depends on it.`,
    unknownRegion: (region: string, market: string) =>
      `${region} is not a state or region of ${market} we know.`,
    zipNotInState: (zip: string, state: string, named: string) =>
      `The ZIP code ${zip} is in ${state}, not ${named}: please check the state and the ZIP code.`,
    noRate: (kind: string, where: string) =>
      `We have no tax rate for ${kind} in ${where}, so we cannot give you a total. Nothing was ` +
      'charged; please contact us.',
    taxUnavailable:
      'We could not work out the tax for this address just now, so nothing was ordered or ' +
      'charged. Please try again in a few minutes.',
    bagChanged:
      'Your bag changed while you checked out. Nothing was charged: please check it and try again.',
    tooManyIds: 'Ask for at most 200 products at once.',
  },
};
