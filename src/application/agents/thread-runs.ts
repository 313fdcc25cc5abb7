import type { ThreadMessage } from '../../domain/agents/thread.ts';
import { InvalidFields } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { RunTransitions } from '../runs/index.ts';
import { accessibleThread, type ThreadAccessDeps } from './accessible-agent.ts';

export type ActiveThreadRun = (principal: Principal, threadId: string) => Promise<string | undefined>;
export type StopThread = (principal: Principal, threadId: string) => Promise<void>;
export type ListMessages = (
  principal: Principal,
  threadId: string,
  leafId?: string,
) => Promise<ThreadMessage[]>;

/** Members learn the thread's queued or running run, if any (its stream is the thread's). */
export function makeActiveThreadRun(deps: ThreadAccessDeps): ActiveThreadRun {
  return async (principal, threadId) => {
    const thread = await accessibleThread(deps, principal, threadId, 'member');
    return deps.threads.activeRunId(thread.id);
  };
}

/**
 * Members stop the thread's run: cancelled at once (the instance carrying it out aborts its model request);
 * nothing to stop is not an error.
 */
export function makeStopThread(
  deps: ThreadAccessDeps & { runTransitions: RunTransitions; clock: Clock; nudgeAgents: () => void },
): StopThread {
  return async (principal, threadId) => {
    const thread = await accessibleThread(deps, principal, threadId, 'member');
    const runId = await deps.threads.activeRunId(thread.id);
    if (runId === undefined) return;
    await deps.runTransitions.change(runId, (run) => {
      if (run.status === 'queued' || run.status === 'running') run.cancel(deps.clock.now());
    });
    deps.nudgeAgents();
  };
}

/** Members read one branch of a thread, root first: ending at `leafId`, else at the newest message. */
export function makeListMessages(deps: ThreadAccessDeps): ListMessages {
  return async (principal, threadId, leafId) => {
    const thread = await accessibleThread(deps, principal, threadId, 'member');
    const leaf = leafId ?? (await deps.threads.newestMessage(thread.id))?.id;
    if (leaf === undefined) return [];
    const branch = await deps.threads.branch(thread.id, leaf);
    if (branch.length === 0) {
      throw new InvalidFields([{ path: '/query/leaf', message: 'must name a message of this thread' }]);
    }
    return branch;
  };
}
