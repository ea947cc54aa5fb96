/** The store's words on a tyre model's page (`/model/:id`, issue 51). */
export const modelCopy = {
  title: 'Tyre model',
  allProducts: '← All products',
  goToShop: 'Go to the shop',
  inStock: (units: number) => `In stock: ${units}`,
  loading: 'Loading the tyre model',
  loadFailed: 'We could not load this tyre model',
  missingTitle: 'This tyre model is not in the store',
  missingHint: 'None of its sizes is on sale. Have a look at the other tyres in the shop.',
  metaDescription: (name: string, sizes: number, from: string, description: string) =>
    `${name}: ${sizes} size${sizes === 1 ? '' : 's'} from ${from}. ${description}`,
  sizeCount: (sizes: number) => `${sizes} size${sizes === 1 ? '' : 's'} on sale`,
  priceFrom: (price: string) => `From ${price}`,
  features: 'Features',
  gallery: {
    label: 'Pictures',
    /** The thumbnail's button: which picture it shows. */
    show: (at: number, of: number, alt: string) => `Picture ${at} of ${of}: ${alt}`,
    zoom: 'Enlarge the picture',
    dialogTitle: (at: number, of: number) => `Picture ${at} of ${of}`,
    enlarged: 'The enlarged picture',
    previous: 'Previous picture',
    next: 'Next picture',
    /** A toggle (pressed: twice the width, scrolled inside its box). */
    zoomIn: 'Zoom in',
    close: 'Close the pictures',
  },
  chosen: {
    heading: 'Your size',
    fromCar: 'Chosen for your car',
    details: 'Every detail of this size',
  },
  sizes: {
    heading: 'Sizes',
    caption: 'Sizes, prices and EU label classes',
    size: 'Size',
    loadSpeed: 'Load / speed',
    price: 'Price',
    stock: 'In stock',
    fuel: 'Fuel',
    wetGrip: 'Wet grip',
    noise: 'Noise',
    choose: 'Choose',
    chosen: 'Chosen',
    /** Said for the chosen row's button, read with the size. */
    chooseSize: (size: string) => `Choose ${size}`,
    noLabel: '—',
  },
  reviews: {
    heading: 'Reviews',
    /** The reviews of every size of the model, together. */
    average: (average: string, count: number) =>
      `Drivers rate this model ${average} out of 5 (${count} review${count === 1 ? '' : 's'} of all its sizes).`,
    none: 'No reviews of this model yet.',
    loading: 'Loading reviews',
    loadFailed: 'We could not load the reviews.',
    pages: 'Review pages',
    noun: { one: 'review', many: 'reviews' },
    size: 'Size',
    car: 'Car',
    distance: 'Driven',
    /** The chosen size's link to the review form. */
    write: (size: string) => `Write a review of ${size}`,
  },
} as const;
