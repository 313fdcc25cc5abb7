// What later areas use of the evaluations domain.
export { type Dataset, type DatasetItem, DatasetNotFound, MAX_ITEMS_PER_CALL } from './dataset.ts';
export {
  DEFAULT_CONCURRENCY,
  type Evaluation,
  MAX_CONCURRENCY,
  passedOf,
} from './evaluation.ts';
export type { EvaluationItem } from './evaluation-item.ts';
export type { ScorerDraft } from './scorer.ts';
