// What later areas use of the evaluations area's adapters: they import it from here only (`make layers`).

export { presentDataset, presentDatasetItem } from './http/evaluation-presenters.ts';
