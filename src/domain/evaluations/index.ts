// What later areas use of the evaluations domain.
export { type Dataset, DatasetNotFound } from './dataset.ts';
