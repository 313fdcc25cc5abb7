// What the adapters of later areas may use of the runs area's adapters: the triggers intake stores the runs of
// the deliveries it accepts in its own batched transaction.
export { insertNewRuns, type NewRun } from './postgres/insert-new-runs.ts';
