import type { ThreadMessage } from '../../domain/agents/thread.ts';
import type { Run } from '../../domain/runs/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { type QueueAnswerDeps, queueAnswer } from './queue-answer.ts';

export interface AgentRunStart {
  readonly workspaceId: string;
  readonly threadId: string;
  readonly agentId: string;
  readonly version: number;
  readonly content: string;
  readonly parentId: string | null;
  /** An evaluation's run for one of its items; a thread's message otherwise (`manual`). */
  readonly evaluation?: { readonly id: string; readonly itemId: string };
}

/**
 * Queues the run of an agent's version that answers a user message, with the message and the run's work, in
 * the caller's unit of work (the caller checks access and that the thread has no active run). Later areas
 * (evaluations) start agent runs through it; `nudgeAgents` after the commit starts it at once.
 */
export type StartAgentRun = (start: AgentRunStart) => Promise<{ message: ThreadMessage; run: Run }>;

export function makeStartAgentRun(deps: QueueAnswerDeps & { clock: Clock }): StartAgentRun {
  return (start) =>
    queueAnswer(deps, {
      thread: { id: start.threadId, workspaceId: start.workspaceId, agentId: start.agentId },
      agentVersion: start.version,
      content: start.content,
      parentMessageId: start.parentId,
      ...(start.evaluation && { evaluation: start.evaluation }),
      now: deps.clock.now(),
    });
}
