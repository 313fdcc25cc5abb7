import { type AwilixContainer, asClass, asFunction, asValue } from 'awilix';
import { MikroOrmMissionRepository } from '../adapters/persistence/postgres/mikro-orm-mission-repository.ts';
import { MikroOrmRunRepository } from '../adapters/persistence/postgres/mikro-orm-run-repository.ts';
import { RunLeaseSweeper } from '../adapters/system/run-lease-sweeper.ts';
import { type CreateMission, makeCreateMission } from '../application/missions/create-mission.ts';
import { type DeleteMission, makeDeleteMission } from '../application/missions/delete-mission.ts';
import { type GetMission, makeGetMission } from '../application/missions/get-mission.ts';
import { type ListMissions, makeListMissions } from '../application/missions/list-missions.ts';
import { makeUpdateMission, type UpdateMission } from '../application/missions/update-mission.ts';
import type { MissionRepository } from '../application/ports/mission-repository.ts';
import type { RunRepository } from '../application/ports/run-repository.ts';
import { type CancelRun, makeCancelRun } from '../application/runs/cancel-run.ts';
import { type ClaimRun, makeClaimRun } from '../application/runs/claim-run.ts';
import { type CompleteRun, makeCompleteRun } from '../application/runs/complete-run.ts';
import { type ExpireRunLeases, makeExpireRunLeases } from '../application/runs/expire-run-leases.ts';
import { type GetRun, makeGetRun } from '../application/runs/get-run.ts';
import { type HeartbeatRun, makeHeartbeatRun } from '../application/runs/heartbeat-run.ts';
import { type ListRuns, makeListRuns } from '../application/runs/list-runs.ts';
import type { RunSettings } from '../application/runs/run-settings.ts';
import { makeStartRun, type StartRun } from '../application/runs/start-run.ts';
import { type AddMember, makeAddMember } from '../application/workspaces/add-member.ts';
import { type ChangeMemberRole, makeChangeMemberRole } from '../application/workspaces/change-member-role.ts';
import { type CreateWorkspace, makeCreateWorkspace } from '../application/workspaces/create-workspace.ts';
import { type DeleteWorkspace, makeDeleteWorkspace } from '../application/workspaces/delete-workspace.ts';
import { type GetWorkspace, makeGetWorkspace } from '../application/workspaces/get-workspace.ts';
import { type ListMembers, makeListMembers } from '../application/workspaces/list-members.ts';
import { type ListWorkspaces, makeListWorkspaces } from '../application/workspaces/list-workspaces.ts';
import { makeRemoveMember, type RemoveMember } from '../application/workspaces/remove-member.ts';
import { makeRenameWorkspace, type RenameWorkspace } from '../application/workspaces/rename-workspace.ts';
import { makeWorkspaceAccess, type WorkspaceAccess } from '../application/workspaces/workspace-access.ts';
import type { Config } from '../config.ts';
import type { Cradle } from '../container.ts';

/** Workspaces and members, missions, runs and the worker protocol. */
export interface WorkspacesMissionsRunsCradle {
  workspaceAccess: WorkspaceAccess;
  listWorkspaces: ListWorkspaces;
  createWorkspace: CreateWorkspace;
  getWorkspace: GetWorkspace;
  renameWorkspace: RenameWorkspace;
  deleteWorkspace: DeleteWorkspace;
  listMembers: ListMembers;
  addMember: AddMember;
  changeMemberRole: ChangeMemberRole;
  removeMember: RemoveMember;
  missions: MissionRepository;
  createMission: CreateMission;
  listMissions: ListMissions;
  getMission: GetMission;
  updateMission: UpdateMission;
  deleteMission: DeleteMission;
  runSettings: RunSettings;
  runs: RunRepository;
  startRun: StartRun;
  listRuns: ListRuns;
  getRun: GetRun;
  cancelRun: CancelRun;
  claimRun: ClaimRun;
  heartbeatRun: HeartbeatRun;
  completeRun: CompleteRun;
  expireRunLeases: ExpireRunLeases;
  runLeaseSweeper: RunLeaseSweeper;
}

/** Workspaces and members, missions, runs, and the worker protocol that moves runs through their states. */
export function registerWorkspacesMissionsRuns(container: AwilixContainer<Cradle>, config: Config): void {
  container.register({
    workspaceAccess: asFunction(makeWorkspaceAccess).singleton(),
    listWorkspaces: asFunction(makeListWorkspaces).singleton(),
    createWorkspace: asFunction(makeCreateWorkspace).singleton(),
    getWorkspace: asFunction(makeGetWorkspace).singleton(),
    renameWorkspace: asFunction(makeRenameWorkspace).singleton(),
    deleteWorkspace: asFunction(makeDeleteWorkspace).singleton(),
    listMembers: asFunction(makeListMembers).singleton(),
    addMember: asFunction(makeAddMember).singleton(),
    changeMemberRole: asFunction(makeChangeMemberRole).singleton(),
    removeMember: asFunction(makeRemoveMember).singleton(),
    missions: asClass(MikroOrmMissionRepository).singleton(),
    createMission: asFunction(makeCreateMission).singleton(),
    listMissions: asFunction(makeListMissions).singleton(),
    getMission: asFunction(makeGetMission).singleton(),
    updateMission: asFunction(makeUpdateMission).singleton(),
    deleteMission: asFunction(makeDeleteMission).singleton(),
    runSettings: asValue({
      maxAttempts: config.runs.maxAttempts,
      defaultLeaseSeconds: config.runs.defaultLeaseSeconds,
    }),
    runs: asClass(MikroOrmRunRepository).singleton(),
    startRun: asFunction(makeStartRun).singleton(),
    listRuns: asFunction(makeListRuns).singleton(),
    getRun: asFunction(makeGetRun).singleton(),
    cancelRun: asFunction(makeCancelRun).singleton(),
    claimRun: asFunction(makeClaimRun).singleton(),
    heartbeatRun: asFunction(makeHeartbeatRun).singleton(),
    completeRun: asFunction(makeCompleteRun).singleton(),
    expireRunLeases: asFunction(makeExpireRunLeases).singleton(),
    runLeaseSweeper: asFunction(
      ({ expireRunLeases, logger }: Cradle) =>
        new RunLeaseSweeper({ expireRunLeases, logger, intervalSeconds: config.runs.sweepIntervalSeconds }),
    )
      .singleton()
      .disposer((sweeper) => sweeper.stop()),
  });
}
