import { RunLeaseSweeper } from '../adapters/runs/run-lease-sweeper.ts';
import { CronerCronCalendar } from '../adapters/schedules/croner-cron-calendar.ts';
import { ScheduleDispatcher } from '../adapters/schedules/schedule-dispatcher.ts';
import { makeCreateMission } from '../application/missions/create-mission.ts';
import { makeDeleteMission } from '../application/missions/delete-mission.ts';
import { makeGetMission } from '../application/missions/get-mission.ts';
import { makeListMissions } from '../application/missions/list-missions.ts';
import { makeUpdateMission } from '../application/missions/update-mission.ts';
import { makeAppendRunEvents } from '../application/runs/append-run-events.ts';
import { makeCancelRun } from '../application/runs/cancel-run.ts';
import { makeClaimRun } from '../application/runs/claim-run.ts';
import { makeClaimRuns } from '../application/runs/claim-runs.ts';
import { makeCompleteRun } from '../application/runs/complete-run.ts';
import { makeExpireRunLeases } from '../application/runs/expire-run-leases.ts';
import { makeFollowRunEvents } from '../application/runs/follow-run-events.ts';
import { makeGetRun } from '../application/runs/get-run.ts';
import { makeHeartbeatRun } from '../application/runs/heartbeat-run.ts';
import { makeListRunEvents } from '../application/runs/list-run-events.ts';
import { makeListRuns } from '../application/runs/list-runs.ts';
import { RunEventFeed } from '../application/runs/run-event-feed.ts';
import { makeRunTransitions } from '../application/runs/run-transitions.ts';
import { makeStartRun } from '../application/runs/start-run.ts';
import { makeCreateSchedule } from '../application/schedules/create-schedule.ts';
import { makeDeleteSchedule } from '../application/schedules/delete-schedule.ts';
import { makeFireDueSchedules } from '../application/schedules/fire-due-schedules.ts';
import { makeGetSchedule } from '../application/schedules/get-schedule.ts';
import { makeListSchedules } from '../application/schedules/list-schedules.ts';
import { makeUpdateSchedule } from '../application/schedules/update-schedule.ts';
import { makeAcceptInvitation } from '../application/workspaces/accept-invitation.ts';
import { makeChangeMemberRole } from '../application/workspaces/change-member-role.ts';
import { makeCreateWorkspace } from '../application/workspaces/create-workspace.ts';
import { makeDeclineInvitation } from '../application/workspaces/decline-invitation.ts';
import { makeDeleteWorkspace } from '../application/workspaces/delete-workspace.ts';
import { makeGetWorkspace } from '../application/workspaces/get-workspace.ts';
import { makeInviteMember } from '../application/workspaces/invite-member.ts';
import { makeListInvitations } from '../application/workspaces/list-invitations.ts';
import { makeListMembers } from '../application/workspaces/list-members.ts';
import { makeListReceivedInvitations } from '../application/workspaces/list-received-invitations.ts';
import { makeListWorkspaces } from '../application/workspaces/list-workspaces.ts';
import { makeRemoveMember } from '../application/workspaces/remove-member.ts';
import { makeRenameWorkspace } from '../application/workspaces/rename-workspace.ts';
import { makeRevokeInvitation } from '../application/workspaces/revoke-invitation.ts';
import { makeWorkspaceAccess } from '../application/workspaces/workspace-access.ts';
import type { Config } from '../config.ts';
import type { WorkspacesMissionsRunsCradle } from './cradle.ts';
import { instance, type Registrations, singleton, value } from './registration.ts';

/** Workspaces and members, missions, runs, and the worker protocol that moves runs through their states. */
export function workspacesMissionsRuns(config: Config): Registrations<keyof WorkspacesMissionsRunsCradle> {
  return {
    workspaceAccess: singleton(makeWorkspaceAccess),
    listWorkspaces: singleton(makeListWorkspaces),
    createWorkspace: singleton(makeCreateWorkspace),
    getWorkspace: singleton(makeGetWorkspace),
    renameWorkspace: singleton(makeRenameWorkspace),
    deleteWorkspace: singleton(makeDeleteWorkspace),
    listMembers: singleton(makeListMembers),
    inviteMember: singleton(makeInviteMember),
    listInvitations: singleton(makeListInvitations),
    revokeInvitation: singleton(makeRevokeInvitation),
    listReceivedInvitations: singleton(makeListReceivedInvitations),
    acceptInvitation: singleton(makeAcceptInvitation),
    declineInvitation: singleton(makeDeclineInvitation),
    changeMemberRole: singleton(makeChangeMemberRole),
    removeMember: singleton(makeRemoveMember),
    createMission: singleton(makeCreateMission),
    listMissions: singleton(makeListMissions),
    getMission: singleton(makeGetMission),
    updateMission: singleton(makeUpdateMission),
    deleteMission: singleton(makeDeleteMission),
    runSettings: value({
      maxAttempts: config.runs.maxAttempts,
      defaultLeaseSeconds: config.runs.defaultLeaseSeconds,
    }),
    runTransitions: singleton(makeRunTransitions),
    startRun: singleton(makeStartRun),
    listRuns: singleton(makeListRuns),
    getRun: singleton(makeGetRun),
    cancelRun: singleton(makeCancelRun),
    claimRun: singleton(makeClaimRun),
    claimRuns: singleton(makeClaimRuns),
    heartbeatRun: singleton(makeHeartbeatRun),
    completeRun: singleton(makeCompleteRun),
    expireRunLeases: singleton(makeExpireRunLeases),
    // Expired worker leases go back to the queue even when no worker of their workspace polls.
    runLeaseSweeper: singleton(
      ({ expireRunLeases, logger }) =>
        new RunLeaseSweeper({ expireRunLeases, logger, intervalSeconds: config.runs.sweepIntervalSeconds }),
      (sweeper) => sweeper.stop(),
    ),
    appendRunEvents: singleton(makeAppendRunEvents),
    listRunEvents: singleton(makeListRunEvents),
    runEventFeed: singleton(
      (cradle) => new RunEventFeed(cradle),
      (feed) => feed.close(),
    ),
    followRunEvents: singleton(makeFollowRunEvents),
    cronCalendar: instance(CronerCronCalendar),
    createSchedule: singleton(makeCreateSchedule),
    listSchedules: singleton(makeListSchedules),
    getSchedule: singleton(makeGetSchedule),
    updateSchedule: singleton(makeUpdateSchedule),
    deleteSchedule: singleton(makeDeleteSchedule),
    fireDueSchedules: singleton(makeFireDueSchedules),
    // Every instance fires due schedules; locks and a unique constraint keep each fire time to one run.
    scheduleDispatcher: singleton(
      ({ fireDueSchedules, logger }) =>
        new ScheduleDispatcher({
          fireDueSchedules,
          logger,
          intervalSeconds: config.schedules.intervalSeconds,
        }),
      (dispatcher) => dispatcher.stop(),
    ),
  };
}
