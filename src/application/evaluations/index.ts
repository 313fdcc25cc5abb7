// What later areas use of the evaluations area's application: they import it from here only (`make layers`).
export type { AddDatasetItems, CreateDataset } from './datasets.ts';
export type { Comparison, EvaluationView } from './evaluation-reads.ts';
export type { DatasetRepository } from './ports/dataset-repository.ts';
export type { ScoreChange } from './ports/evaluation-repository.ts';
