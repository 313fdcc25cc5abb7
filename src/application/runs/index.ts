// What later areas use of the runs area's application: they import it from here only (`make layers`).
export type { RunOutcomeListener } from './ports/run-outcome-listener.ts';
export type { RunRepository } from './ports/run-repository.ts';
