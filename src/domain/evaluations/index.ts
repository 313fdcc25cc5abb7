// What later areas use of the evaluations domain.
export { type Dataset, type DatasetItem, DatasetNotFound, MAX_ITEMS_PER_CALL } from './dataset.ts';
