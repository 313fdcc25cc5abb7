// What later areas use of the runs area's application: they import it from here only (`make layers`).

export { accessibleRun, assertRunAccess, type RunAccessDeps } from './accessible-run.ts';
export type { BulkRunAction, BulkRunFilter, BulkRunResult } from './bulk-runs.ts';
export type { RunEventRepository } from './ports/run-event-repository.ts';
export type { RunOutcomeListener } from './ports/run-outcome-listener.ts';
export type { RunRepository } from './ports/run-repository.ts';
export type { RunTokens, RunTokenUsage } from './ports/run-token-usage.ts';
export type { RunSettings } from './run-settings.ts';
export type { RunTransitions } from './run-transitions.ts';
