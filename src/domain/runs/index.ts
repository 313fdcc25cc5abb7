// What later areas use of the runs area's domain: they import it from here only (`make layers`).
export { MAX_RUN_INPUT_BYTES, type Outcome, Run, type RunSummary } from './run.ts';
export {
  type RunEvent,
  type RunEventDraft,
  type RunEventType,
  type RunStatusChange,
  statusEvent,
} from './run-event.ts';
export type { RunParent } from './run-props.ts';
export { isFinished, RUN_STATUSES, RunCancelled, type RunStatus } from './run-status.ts';
export { decodeBody, type QueryValues, webhookRunInput } from './webhook-run-input.ts';
