// What later areas use of the runs area's adapters: they import it from here only (`make layers`). The
// triggers intake stores the runs of the deliveries it accepts in its own batched transaction.

export { runStreamOptions, streamRunEvents } from './http/run-event-routes.ts';
export { eventStreamResponse, streamEventsQuery } from './http/run-event-schemas.ts';
export { presentRun, runUrl } from './http/run-presenters.ts';
export { run } from './http/run-schemas.ts';
export { runTables } from './memory/run-tables.ts';
export { insertNewRuns, type NewRun } from './postgres/insert-new-runs.ts';
