/** The dashboard's words for a model's pictures (issue 51); in its own lazy chunk. */
export const galleryCopy = {
  heading: "The model's pictures",
  loading: 'Loading the pictures',
  noModel:
    'This product is not on sale, so its model has no page: restore it to manage the pictures.',
  intro: (model: string, sizes: number) =>
    `Shown for every size of ${model} (${sizes === 1 ? '1 size' : `${sizes} sizes`} on sale), in this order; the first is the card's.`,
  none: 'No pictures yet: the sizes show their own picture.',
  pictureN: (n: number, of: number) => `Picture ${n} of ${of}`,
  alt: 'Alt text',
  altHint: 'What the picture shows, for people who cannot see it (at most 200 characters).',
  saveAlt: 'Save alt text',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  file: 'Picture (JPEG, PNG, WebP, AVIF or GIF)',
  add: 'Add the picture',
  adding: 'Adding the picture',
  uploading: (percent: number) => `Uploading the picture: ${percent}%`,
  full: (max: number) => `A model has at most ${max} pictures: remove one to add another.`,
};
