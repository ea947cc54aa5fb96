/** The loaders of issue 51's pages, one chunk beside theirs. */
export { modelLoader } from './modelLoader';
export { compareLoader } from './compare/compareLoader';
