import {
  announcingWorkspaces,
  withCachedWorkspaceLists,
} from '../adapters/workspaces/caching/workspace-caches.ts';
import { invitationRoutes } from '../adapters/workspaces/http/invitation-routes.ts';
import { retentionRoutes } from '../adapters/workspaces/http/retention-routes.ts';
import { workspaceRoutes } from '../adapters/workspaces/http/workspace-routes.ts';
import { InMemoryInvitationRepository } from '../adapters/workspaces/memory/in-memory-invitation-repository.ts';
import { InMemoryWorkspaceRepository } from '../adapters/workspaces/memory/in-memory-workspace-repository.ts';
import { InMemoryWorkspaceRetentionRepository } from '../adapters/workspaces/memory/in-memory-workspace-retention-repository.ts';
import { PostgresInvitationRepository } from '../adapters/workspaces/postgres/postgres-invitation-repository.ts';
import { PostgresWorkspaceRepository } from '../adapters/workspaces/postgres/postgres-workspace-repository.ts';
import { PostgresWorkspaceRetentionRepository } from '../adapters/workspaces/postgres/postgres-workspace-retention-repository.ts';
import { RetentionJob } from '../adapters/workspaces/retention-job.ts';
import type { NewUserListener } from '../application/identity/ports/new-user-listener.ts';
import type { RetentionPurge } from '../application/kernel/ports/retention-purge.ts';
import type { Usage } from '../application/kernel/ports/usage.ts';
import { type AcceptInvitation, makeAcceptInvitation } from '../application/workspaces/accept-invitation.ts';
import { type ApplyRetention, makeApplyRetention } from '../application/workspaces/apply-retention.ts';
import { type ChangeMemberRole, makeChangeMemberRole } from '../application/workspaces/change-member-role.ts';
import {
  type CreatePersonalWorkspace,
  makeCreatePersonalWorkspace,
} from '../application/workspaces/create-personal-workspace.ts';
import { type CreateWorkspace, makeCreateWorkspace } from '../application/workspaces/create-workspace.ts';
import {
  type DeclineInvitation,
  makeDeclineInvitation,
} from '../application/workspaces/decline-invitation.ts';
import { type DeleteWorkspace, makeDeleteWorkspace } from '../application/workspaces/delete-workspace.ts';
import { type GetRetention, makeGetRetention } from '../application/workspaces/get-retention.ts';
import { type GetWorkspace, makeGetWorkspace } from '../application/workspaces/get-workspace.ts';
import { type InviteMember, makeInviteMember } from '../application/workspaces/invite-member.ts';
import { type ListInvitations, makeListInvitations } from '../application/workspaces/list-invitations.ts';
import { type ListMembers, makeListMembers } from '../application/workspaces/list-members.ts';
import {
  type ListReceivedInvitations,
  makeListReceivedInvitations,
} from '../application/workspaces/list-received-invitations.ts';
import {
  type ListWorkspaceAuditEvents,
  makeListWorkspaceAuditEvents,
} from '../application/workspaces/list-workspace-audit-events.ts';
import { type ListWorkspaces, makeListWorkspaces } from '../application/workspaces/list-workspaces.ts';
import type { InvitationRepository } from '../application/workspaces/ports/invitation-repository.ts';
import type { WorkspaceRepository } from '../application/workspaces/ports/workspace-repository.ts';
import type { WorkspaceRetentionRepository } from '../application/workspaces/ports/workspace-retention-repository.ts';
import { makeRemoveMember, type RemoveMember } from '../application/workspaces/remove-member.ts';
import { makeRenameWorkspace, type RenameWorkspace } from '../application/workspaces/rename-workspace.ts';
import type { RetentionSettings } from '../application/workspaces/retention-settings.ts';
import { makeRevokeInvitation, type RevokeInvitation } from '../application/workspaces/revoke-invitation.ts';
import { makeUpdateRetention, type UpdateRetention } from '../application/workspaces/update-retention.ts';
import { makeWorkspaceAccess, type WorkspaceAccess } from '../application/workspaces/workspace-access.ts';
import type { Area } from './area.ts';
import type { ThroughIdentity } from './identity.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** Workspaces, their members and roles, and invitations. */
export interface WorkspacesCradle {
  workspaces: WorkspaceRepository;
  /** The workspace lists `/me` shows, cached like identity's hot reads. */
  cachedWorkspaces: WorkspaceRepository;
  createPersonalWorkspace: CreatePersonalWorkspace;
  /** Identity tells these of a new user, in the transaction that stores them. */
  newUserListeners: readonly NewUserListener[];
  invitations: InvitationRepository;
  workspaceAccess: WorkspaceAccess;
  listWorkspaces: ListWorkspaces;
  createWorkspace: CreateWorkspace;
  getWorkspace: GetWorkspace;
  renameWorkspace: RenameWorkspace;
  deleteWorkspace: DeleteWorkspace;
  listMembers: ListMembers;
  listWorkspaceAuditEvents: ListWorkspaceAuditEvents;
  inviteMember: InviteMember;
  listInvitations: ListInvitations;
  revokeInvitation: RevokeInvitation;
  listReceivedInvitations: ListReceivedInvitations;
  acceptInvitation: AcceptInvitation;
  declineInvitation: DeclineInvitation;
  changeMemberRole: ChangeMemberRole;
  removeMember: RemoveMember;
  /** The days workspaces set for their retention, the instance's defaults, and the periodic purge. */
  workspaceRetention: WorkspaceRetentionRepository;
  retentionSettings: RetentionSettings;
  getRetention: GetRetention;
  updateRetention: UpdateRetention;
  applyRetention: ApplyRetention;
  retentionJob: RetentionJob;
}

/** What workspaces (and every later area) use that the last business area provides: the quotas' counts. */
export interface WorkspacesNeeds {
  /** The counts the quotas are checked against (registered by the webhooks area: it reads every area's rows). */
  usage: Usage;
  /** Every area's retention purges (see `Area.retention`), gathered by the composition root. */
  retentionPurges: readonly RetentionPurge[];
}

export type ThroughWorkspaces = ThroughIdentity & WorkspacesCradle & WorkspacesNeeds;

const { singleton, value } = registrar<ThroughWorkspaces>();
const { cachedRead, announced, stored } = adaptersFor<ThroughWorkspaces>();

export const workspaces: Area<WorkspacesCradle, ThroughWorkspaces> = {
  name: 'workspaces',
  register: ({ config, persistence }) => ({
    workspaces: singleton(
      announced(persistence, PostgresWorkspaceRepository, announcingWorkspaces, InMemoryWorkspaceRepository),
    ),
    cachedWorkspaces: cachedRead(persistence, ({ workspaces }) => workspaces, withCachedWorkspaceLists),
    createPersonalWorkspace: singleton(makeCreatePersonalWorkspace),
    newUserListeners: singleton(({ createPersonalWorkspace }) => [createPersonalWorkspace]),
    invitations: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresInvitationRepository({ db }),
        memory: (store) => new InMemoryInvitationRepository({ store }),
      }),
    ),
    workspaceAccess: singleton(makeWorkspaceAccess),
    listWorkspaces: singleton(makeListWorkspaces),
    createWorkspace: singleton(makeCreateWorkspace),
    getWorkspace: singleton(makeGetWorkspace),
    renameWorkspace: singleton(makeRenameWorkspace),
    deleteWorkspace: singleton(makeDeleteWorkspace),
    listMembers: singleton(makeListMembers),
    listWorkspaceAuditEvents: singleton(makeListWorkspaceAuditEvents),
    inviteMember: singleton(makeInviteMember),
    listInvitations: singleton(makeListInvitations),
    revokeInvitation: singleton(makeRevokeInvitation),
    listReceivedInvitations: singleton(makeListReceivedInvitations),
    acceptInvitation: singleton(makeAcceptInvitation),
    declineInvitation: singleton(makeDeclineInvitation),
    changeMemberRole: singleton(makeChangeMemberRole),
    removeMember: singleton(makeRemoveMember),
    workspaceRetention: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresWorkspaceRetentionRepository({ db }),
        memory: (store) => new InMemoryWorkspaceRetentionRepository({ store }),
      }),
    ),
    retentionSettings: value({
      days: config.retention.days,
      batchSize: config.retention.batchSize,
      maxBatches: 1000,
    }),
    getRetention: singleton(makeGetRetention),
    updateRetention: singleton(makeUpdateRetention),
    applyRetention: singleton(makeApplyRetention),
    retentionJob: singleton(
      ({ applyRetention, logger }) =>
        new RetentionJob({ applyRetention, logger, intervalSeconds: config.retention.intervalSeconds }),
      (job) => job.stop(),
    ),
  }),
  routes: (deps) => [...workspaceRoutes(deps), ...retentionRoutes(deps), ...invitationRoutes(deps)],
  jobs: ({ retentionJob }) => [retentionJob],
};
