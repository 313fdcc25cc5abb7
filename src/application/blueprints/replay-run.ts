import { Conflict } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { Run } from '../../domain/runs/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import { type MissionBlueprints, type MissionRepository, runBlueprintOf } from '../missions/index.ts';
import { accessibleRun, type RunAccessDeps } from '../runs/index.ts';

export type ReplayRun = (principal: Principal, runId: string) => Promise<Run>;

/**
 * Admins and owners replay a finished run: a new manual run of the same mission (as the mission stands now:
 * its policy, its blueprint) with the same input, `replayOf` naming the first. An unfinished run is 409.
 */
export function makeReplayRun(
  deps: RunAccessDeps & {
    missionBlueprints: MissionBlueprints;
    missions: MissionRepository;
    clock: Clock;
    ids: IdGenerator;
    nudgeEngine: () => void;
  },
): ReplayRun {
  return async (principal, runId) => {
    const original = await accessibleRun(deps, principal, runId, 'admin');
    if (original.status === 'queued' || original.status === 'running') {
      throw new Conflict(`the run is ${original.status}: only a finished run is replayed`);
    }
    const mission =
      original.missionId === null ? undefined : await deps.missions.findById(original.missionId);
    if (!mission) throw new Conflict('the mission of this run is gone');
    const run = Run.queue({
      id: deps.ids.newId(),
      missionId: mission.id,
      workspaceId: mission.workspaceId,
      triggerType: 'manual',
      input: original.input,
      policy: mission.policy,
      blueprint: await runBlueprintOf(deps, mission),
      replayOf: original.id,
      now: deps.clock.now(),
    });
    await deps.runs.add(run);
    deps.nudgeEngine();
    return run;
  };
}
