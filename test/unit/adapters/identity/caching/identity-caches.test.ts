import { expect } from 'chai';
import { decodeJwt } from 'jose';
import {
  announcingLoginSessions,
  announcingUsers,
  withCachedSessionsInUse,
  withCachedUsers,
} from '../../../../../src/adapters/identity/caching/identity-caches.ts';
import { CacheInvalidation } from '../../../../../src/adapters/platform/caching/cache-invalidation.ts';
import { overrideMethods } from '../../../../../src/adapters/platform/caching/method-overrides.ts';
import {
  announcingWorkspaces,
  withCachedWorkspaceLists,
} from '../../../../../src/adapters/workspaces/caching/workspace-caches.ts';
import { Membership, Workspace } from '../../../../../src/domain/workspaces/workspace.ts';
import { actor, useCases } from '../../../../support/test-container.ts';

/** The in-memory ports of a fresh app, announcing their writes, with cached reads counted. */
async function world() {
  const app = await useCases();
  const invalidation = new CacheInvalidation();
  invalidation.feedUp();
  const reads = { sessions: 0, users: 0, lists: 0 };
  const sessions = announcingLoginSessions(app.loginSessions, invalidation);
  const users = announcingUsers(app.users, invalidation);
  const workspaces = announcingWorkspaces(app.workspaces, invalidation);
  const counted = {
    sessions: overrideMethods(sessions, {
      findInUse: (id) => {
        reads.sessions++;
        return sessions.findInUse(id);
      },
    }),
    users: overrideMethods(users, {
      findById: (id) => {
        reads.users++;
        return users.findById(id);
      },
    }),
    workspaces: overrideMethods(workspaces, {
      listForUser: (id) => {
        reads.lists++;
        return workspaces.listForUser(id);
      },
    }),
  };
  const cached = {
    sessions: withCachedSessionsInUse(counted.sessions, invalidation, 100),
    users: withCachedUsers(counted.users, invalidation, 100),
    workspaces: withCachedWorkspaceLists(counted.workspaces, invalidation, 100),
  };
  /** A user with a login session (over the plain use cases), the session id from the access token. */
  const loggedIn = async () => {
    const { user, personal, principal } = await actor(app);
    const pair = await app.logIn({
      usernameOrEmail: user.username,
      password: `${user.username} has a long password`,
      ip: '198.51.100.7',
      userAgent: null,
    });
    return { user, personal, principal, sessionId: decodeJwt(pair.accessToken).sid as string };
  };
  return { app, invalidation, reads, sessions, users, workspaces, cached, loggedIn };
}

describe('identity caches (on the in-memory adapters)', () => {
  it('a session in use is read once, and read again after a revocation made here', async () => {
    const w = await world();
    const { sessionId } = await w.loggedIn();
    const before = await w.cached.sessions.findInUse(sessionId);
    expect(await w.cached.sessions.findInUse(sessionId)).to.equal(before);
    expect(w.reads.sessions).to.equal(1);
    await w.sessions.revoke(sessionId, 'logout', w.app.clock.now());
    expect((await w.cached.sessions.findInUse(sessionId))?.session.revokedAt).to.be.instanceOf(Date);
    expect(w.reads.sessions).to.equal(2);
  });

  it("every session of a user is read again after revokeAllForUser or a change of the user's epoch", async () => {
    const w = await world();
    const { user, sessionId } = await w.loggedIn();
    await w.cached.sessions.findInUse(sessionId);
    await w.sessions.revokeAllForUser(user.id, 'revoke_all', w.app.clock.now());
    expect((await w.cached.sessions.findInUse(sessionId))?.session.revokedAt).to.be.instanceOf(Date);

    const other = await w.loggedIn();
    const epoch = (await w.cached.sessions.findInUse(other.sessionId))?.userEpoch as number;
    await w.users.setDisabled(other.user.id, true);
    expect((await w.cached.sessions.findInUse(other.sessionId))?.userEpoch).to.equal(epoch + 1);
    expect(w.reads.sessions).to.equal(4);
  });

  it('a rotation, and a change announced by the database, are seen on the next read', async () => {
    const w = await world();
    const { sessionId } = await w.loggedIn();
    const found = await w.cached.sessions.findInUse(sessionId);
    await w.sessions.rotate(sessionId, found?.session.generation as number, w.app.clock.now());
    expect((await w.cached.sessions.findInUse(sessionId))?.session.generation).to.equal(1);
    await w.app.loginSessions.revoke(sessionId, 'elsewhere', w.app.clock.now()); // by "another instance"
    w.invalidation.announced(`login_session:${sessionId}`);
    expect((await w.cached.sessions.findInUse(sessionId))?.session.revokedReason).to.equal('elsewhere');
  });

  it('a user is read again after a password change or a disable', async () => {
    const w = await world();
    const { user } = await w.loggedIn();
    await w.cached.users.findById(user.id);
    await w.cached.users.findById(user.id);
    expect(w.reads.users).to.equal(1);
    await w.users.setDisabled(user.id, true);
    expect((await w.cached.users.findById(user.id))?.disabled).to.equal(true);
    await w.users.changePassword(user.id, 'new hash');
    expect((await w.cached.users.findById(user.id))?.passwordHash).to.equal('new hash');
    expect(w.reads.users).to.equal(3);
  });

  it("a user's workspaces are read again after a membership or workspace change", async () => {
    const w = await world();
    const owner = await w.loggedIn();
    const member = await w.loggedIn();
    const names = async (userId: string) =>
      (await w.cached.workspaces.listForUser(userId)).map((view) => `${view.workspace.name}:${view.role}`);
    const shared = Workspace.create({ id: w.app.ids.newId(), name: 'Shared' }, w.app.clock.now());
    const membership = (role: 'owner' | 'member') =>
      new Membership({ workspaceId: shared.id, userId: member.user.id, role, createdAt: w.app.clock.now() });

    expect(await names(member.user.id)).to.have.lengthOf(1);
    await w.workspaces.create(shared, membership('owner'));
    expect(await names(member.user.id)).to.include('Shared:owner');
    await w.workspaces.addMember(
      new Membership({
        workspaceId: shared.id,
        userId: owner.user.id,
        role: 'member',
        createdAt: shared.createdAt,
      }),
    );
    await w.workspaces.setRole(shared.id, member.user.id, 'member');
    expect(await names(member.user.id)).to.include('Shared:member');
    shared.rename('Renamed');
    await w.workspaces.update(shared);
    expect(await names(member.user.id)).to.include('Renamed:member');
    await w.workspaces.removeMember(shared.id, member.user.id);
    expect(await names(member.user.id)).not.to.include('Renamed:member');
    expect(await names(owner.user.id)).to.include('Renamed:member');
    await w.workspaces.delete(shared.id);
    expect(await names(owner.user.id)).to.have.lengthOf(1);
    const reads = w.reads.lists;
    await names(owner.user.id);
    await names(member.user.id);
    expect(w.reads.lists).to.equal(reads);
  });

  it('reads the source every time while the feed is down', async () => {
    const w = await world();
    const { sessionId } = await w.loggedIn();
    w.invalidation.feedDown();
    await w.cached.sessions.findInUse(sessionId);
    await w.cached.sessions.findInUse(sessionId);
    expect(w.reads.sessions).to.equal(2);
  });
});
