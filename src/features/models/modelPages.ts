/** The pages of issue 51, one chunk: a tyre model's page and the comparison of tyres. */
export { ModelPage } from './ModelPage';
export { ComparePage } from './compare/ComparePage';
