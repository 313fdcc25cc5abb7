// What later areas use of the blueprints area's application: they import it from here only (`make layers`).
export type { CreateBlueprint } from './create-blueprint.ts';
export type { CreateBlueprintVersion } from './create-blueprint-version.ts';
// Approvals, for an area that gates its own work on a person (agents: a tool call with `requires_approval`):
// `openApproval` opens one for a run (in the caller's transaction), and the area learns the decision by adding
// an ApprovalDecisionListener to the `approvalDecisionListeners` list (README, Architecture: approvals).
export type { OpenApproval, OpenApprovalRequest } from './open-approval.ts';
// `agent` nodes: the agents area answers this port (README, Architecture).
export type { AgentStepRequest, AgentStepRunner, AgentStepStart } from './ports/agent-step-runner.ts';
export type { ApprovalDecisionListener } from './ports/approval-decision-listener.ts';
export type { ApprovalRepository } from './ports/approval-repository.ts';
export type { BlueprintRepository } from './ports/blueprint-repository.ts';
