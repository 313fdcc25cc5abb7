import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleRun, type RunAccessDeps } from './accessible-run.ts';
import type { RunEventFeed, RunEventSubscriber } from './run-event-feed.ts';

export type FollowRunEvents = (
  principal: Principal,
  runId: string,
  after: number,
  subscriber: RunEventSubscriber,
) => Promise<() => void>;

/** Any member of the run's workspace follows its events live, from after a given seq (see RunEventFeed). */
export function makeFollowRunEvents(deps: RunAccessDeps & { runEventFeed: RunEventFeed }): FollowRunEvents {
  return async (principal, runId, after, subscriber) => {
    const run = await accessibleRun(deps, principal, runId, 'member');
    return deps.runEventFeed.follow(run, after, subscriber);
  };
}
