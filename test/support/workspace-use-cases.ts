import { randomUUID } from 'node:crypto';
import { makeCreateMission } from '../../src/application/missions/create-mission.ts';
import { makeDeleteMission } from '../../src/application/missions/delete-mission.ts';
import { makeGetMission } from '../../src/application/missions/get-mission.ts';
import { makeListMissions } from '../../src/application/missions/list-missions.ts';
import { makeUpdateMission } from '../../src/application/missions/update-mission.ts';
import { makeAddMember } from '../../src/application/workspaces/add-member.ts';
import { makeChangeMemberRole } from '../../src/application/workspaces/change-member-role.ts';
import { makeCreateWorkspace } from '../../src/application/workspaces/create-workspace.ts';
import { makeDeleteWorkspace } from '../../src/application/workspaces/delete-workspace.ts';
import { makeGetWorkspace } from '../../src/application/workspaces/get-workspace.ts';
import { makeListMembers } from '../../src/application/workspaces/list-members.ts';
import { makeListWorkspaces } from '../../src/application/workspaces/list-workspaces.ts';
import { makeRemoveMember } from '../../src/application/workspaces/remove-member.ts';
import { makeRenameWorkspace } from '../../src/application/workspaces/rename-workspace.ts';
import { makeWorkspaceAccess } from '../../src/application/workspaces/workspace-access.ts';
import { FixedClock } from './auth-fakes.ts';
import { inMemoryWorld, seedUser, type World } from './persistence-world.ts';
import { runUseCases } from './run-use-cases.ts';

/** Workspace, member, mission and run use cases on in-memory adapters, with users to act as. */
export function workspaceUseCases(world: World = inMemoryWorld()) {
  const clock = new FixedClock();
  const deps = { ...world, clock, ids: { newId: randomUUID }, workspaceAccess: makeWorkspaceAccess(world) };
  return {
    world,
    clock,
    workspaceAccess: deps.workspaceAccess,
    listWorkspaces: makeListWorkspaces(deps),
    createWorkspace: makeCreateWorkspace(deps),
    getWorkspace: makeGetWorkspace(deps),
    renameWorkspace: makeRenameWorkspace(deps),
    deleteWorkspace: makeDeleteWorkspace(deps),
    listMembers: makeListMembers(deps),
    addMember: makeAddMember(deps),
    changeMemberRole: makeChangeMemberRole(deps),
    removeMember: makeRemoveMember(deps),
    createMission: makeCreateMission(deps),
    listMissions: makeListMissions(deps),
    getMission: makeGetMission(deps),
    updateMission: makeUpdateMission(deps),
    deleteMission: makeDeleteMission(deps),
    runs: runUseCases(world),
    /** A user and a principal for them (their personal workspace is made too). */
    async user(name?: string) {
      const { user, workspace } = await seedUser(world, name);
      return { user, personal: workspace, principal: { userId: user.id, sessionId: `session-${user.id}` } };
    },
  };
}
