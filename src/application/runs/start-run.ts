import type { Principal } from '../../domain/kernel/principal.ts';
import { assertWithinQuota, type Quotas } from '../../domain/kernel/quotas.ts';
import { Run } from '../../domain/runs/run.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { Usage } from '../kernel/ports/usage.ts';
import {
  accessibleMission,
  type MissionAccessDeps,
  type MissionBlueprints,
  runBlueprintOf,
} from '../missions/index.ts';
import type { RunRepository } from './ports/run-repository.ts';

export interface StartRunInput {
  readonly input?: unknown;
  /** The W3C trace context to store with the run (a malformed one is dropped). */
  readonly traceparent?: string | null;
}

export type StartRun = (principal: Principal, missionId: string, input: StartRunInput) => Promise<Run>;

/** Admins and owners queue a manual run of a mission; a worker claims it later. */
export function makeStartRun(
  deps: MissionAccessDeps & {
    missionBlueprints: MissionBlueprints;
    runs: RunRepository;
    clock: Clock;
    ids: IdGenerator;
    usage: Usage;
    quotas: Quotas;
  },
): StartRun {
  return async (principal, missionId, { input, traceparent }) => {
    const mission = await accessibleMission(deps, principal, missionId, 'admin');
    // A bound on the queue, not an exact count under concurrency: creations in flight may pass it by as many.
    assertWithinQuota(deps.quotas, 'queued_runs', await deps.usage.countQueuedRuns(mission.id));
    const run = Run.queue({
      id: deps.ids.newId(),
      missionId: mission.id,
      workspaceId: mission.workspaceId,
      triggerType: 'manual',
      input,
      policy: mission.policy,
      traceparent,
      blueprint: await runBlueprintOf(deps, mission),
      now: deps.clock.now(),
    });
    await deps.runs.add(run);
    return run;
  };
}
