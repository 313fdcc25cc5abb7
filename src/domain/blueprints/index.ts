// What later areas use of the blueprints area's domain: they import it from here only (`make layers`).

export {
  APPROVAL_STATUSES,
  Approval,
  type ApprovalDecision,
  ApprovalNotFound,
  ApprovalNotPending,
  type ApprovalStatus,
} from './approval.ts';
export type { Blueprint } from './blueprint.ts';
export type { BlueprintVersion } from './blueprint-version.ts';
export type { Graph } from './graph.ts';
export { STEP_STATUSES, type Step, type StepStatus } from './step.ts';
