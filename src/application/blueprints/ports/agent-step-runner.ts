import type { StepFailure } from '../../../domain/blueprints/step.ts';
import type { Run } from '../../../domain/runs/index.ts';

/** An `agent` step's request: the run and node it belongs to, the agent and the message it answers. */
export interface AgentStepRequest {
  readonly run: Run;
  readonly nodeId: string;
  readonly agentId: string;
  readonly message: string;
  readonly now: Date;
}

/** The agent's run that answers the step (a child run of the step), or why none could start. */
export type AgentStepStart =
  | { readonly type: 'child'; readonly runId: string }
  | { readonly type: 'failed'; readonly error: StepFailure };

/**
 * Runs an agent for an `agent` node (CONTRACT section 9): the agents area answers it (agents come after
 * blueprints in the area order). `start` joins the caller's transaction: the agent's run is queued as a child
 * run of the step (`parent_run_id`, `step_id`), committed with the step change that waits for it, and its
 * output `{message}` (the final answer) completes the step as any child run's does.
 */
export interface AgentStepRunner {
  start(request: AgentStepRequest): Promise<AgentStepStart>;
}
