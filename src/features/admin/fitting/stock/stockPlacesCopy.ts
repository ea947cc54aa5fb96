/** The stock places page's words (issue 48). */
export const stockPlacesCopy = {
  title: 'Stock places',
  intro:
    'Where your stock is kept (warehouses and the centres’ own shelves), which products are where, ' +
    'and how many days they take to reach each fitting centre. Shoppers are offered fitting times ' +
    'from the day their tyres can be at the centre.',
  loading: 'Loading the stock places',
  failed: 'We could not load the stock places.',
  add: 'Add a place',
  warehouse: 'Warehouse',
  shelfOf: (centre: string) => `Own shelf of ${centre}`,
  counts: (products: number, units: number) =>
    `${products === 1 ? '1 product' : `${products} products`} · ${units} in stock`,
  leadTimes: 'Lead times',
  products: 'Products',
  edit: 'Edit',
  remove: 'Remove',
  removeConfirm: (name: string) =>
    `Remove ${name}? Its products go back to the main warehouse and its lead times are forgotten.`,
  removed: (name: string) => `${name} was removed; its products are at the main warehouse now.`,
  added: (name: string) => `${name} was added.`,
  saved: (name: string) => `${name} was saved.`,
  close: 'Close',
  form: {
    addTitle: 'New stock place',
    editTitle: (name: string) => `Edit ${name}`,
    code: 'Code',
    codeHint: 'Capitals, digits and dashes, as in WH-NORTH. It cannot be changed later.',
    codeShape: 'Use 2 to 20 capital letters, digits or dashes, as in WH-NORTH.',
    codeRequired: 'Give the place a code.',
    name: 'Name',
    nameRequired: 'Give the place a name.',
    kind: 'What it is',
    kinds: { warehouse: 'A warehouse', shelf: 'A fitting centre’s own shelf' },
    centre: 'Centre',
    chooseCentre: 'Choose a centre',
    centreRequired: 'Choose the centre whose shelf this is.',
    mainIsWarehouse: 'The main warehouse stays a warehouse.',
    save: 'Save',
    cancel: 'Cancel',
  },
  lead: {
    title: (name: string) => `Days from ${name} to each centre`,
    hint: (days: number) =>
      `Leave a centre empty for the default, ${days} days. Tyres on a centre’s own shelf are there at once.`,
    centre: 'Centre',
    days: 'Days',
    daysOf: (centre: string) => `Days to ${centre}`,
    default: (days: number) => `${days} (default)`,
    ownShelf: 'At once (its own shelf)',
    wholeDays: 'Whole days from 0 to 60.',
    save: 'Save lead times',
    saved: (name: string) => `Lead times from ${name} saved.`,
  },
  stock: {
    title: (name: string) => `Products at ${name}`,
    search: 'Search by name or SKU',
    find: 'Find',
    none: 'No products here.',
    loading: 'Loading the products',
    failed: 'We could not load the products.',
    showing: (first: number, last: number, total: number) => `${first}–${last} of ${total}`,
    inStock: (units: number) => `${units} in stock`,
    earlier: 'Earlier',
    later: 'Later',
    bringTitle: 'Bring products here',
    from: 'From',
    move: (count: number) => (count === 1 ? 'Move 1 product here' : `Move ${count} products here`),
    moved: (count: number, name: string) =>
      count === 1
        ? `1 product is kept at ${name} now.`
        : `${count} products are kept at ${name} now.`,
    choose: (name: string) => `Move ${name}`,
    noOtherPlace: 'There is no other place to bring products from.',
  },
} as const;
