import type { Principal } from '../../domain/kernel/principal.ts';
import { Mission, type MissionBlueprint } from '../../domain/missions/mission.ts';
import type { RunPolicyChanges } from '../../domain/missions/run-policy.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import { type QuotaDeps, withinWorkspaceQuota } from '../kernel/within-quota.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { MissionBlueprints } from './ports/mission-blueprints.ts';
import type { MissionRepository } from './ports/mission-repository.ts';

export interface CreateMissionInput {
  readonly workspaceId: string;
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly definition?: unknown;
  readonly policy?: RunPolicyChanges | undefined;
  /** The blueprint its runs carry out (the server runs them). */
  readonly blueprint?: MissionBlueprint | undefined;
}

export type CreateMission = (principal: Principal, input: CreateMissionInput) => Promise<Mission>;

/**
 * Admins and owners define missions in their workspace (one may run a blueprint of the workspace); audited
 * `mission_created` in the same transaction (never its definition, which may hold secrets).
 */
export function makeCreateMission(
  deps: {
    missions: MissionRepository;
    missionBlueprints: MissionBlueprints;
    workspaceAccess: WorkspaceAccess;
    clock: Clock;
    ids: IdGenerator;
    auditLog: AuditLog;
  } & QuotaDeps,
): CreateMission {
  return async (principal, input) => {
    await deps.workspaceAccess(principal, input.workspaceId, 'admin');
    const { blueprint } = input;
    if (blueprint)
      await deps.missionBlueprints.assertUsable(input.workspaceId, blueprint.id, blueprint.version ?? null);
    const mission = Mission.create({ id: deps.ids.newId(), ...input }, deps.clock.now());
    await withinWorkspaceQuota(deps, 'missions', input.workspaceId, async () => {
      await deps.missions.add(mission);
      await deps.auditLog.record(
        workspaceEvent(principal, 'mission_created', mission.workspaceId, {
          type: 'mission',
          id: mission.id,
        }),
      );
    });
    return mission;
  };
}
