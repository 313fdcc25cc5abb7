import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { LoginSessionRepository } from '../../../src/application/identity/ports/login-session-repository.ts';
import { LoginSession } from '../../../src/domain/identity/login-session.ts';
import { at, describeContract, seedUser, T0 } from '../../support/persistence-world.ts';

const LIFETIMES = { absoluteSeconds: 3600, idleSeconds: 600, graceSeconds: 10 };

function session(userId: string, createdAt = T0): LoginSession {
  return LoginSession.start(
    { id: randomUUID(), userId, userEpoch: 0, userAgent: 'curl/8.5 "quoted"', ip: '198.51.100.4' },
    createdAt,
    LIFETIMES,
  );
}

describeContract('LoginSessionRepository', (world) => {
  let sessions: LoginSessionRepository;
  let userId: string;
  let otherUserId: string;
  beforeEach(async () => {
    sessions = world.loginSessions;
    userId = (await seedUser(world)).user.id;
    otherUserId = (await seedUser(world)).user.id;
  });

  it('stores a session and reads it back field for field; an unknown id is undefined', async () => {
    const stored = session(userId);
    await sessions.create(stored);
    expect(await sessions.findById(stored.id)).to.deep.equal(stored);
    expect(await sessions.findById(randomUUID())).to.equal(undefined);
  });

  it("stores a session only while its user is enabled and still in the session's security epoch", async () => {
    expect(await sessions.create(session(randomUUID())), 'an unknown user').to.equal(false);
    expect(await sessions.create(new LoginSession({ ...session(userId), userEpoch: 1 })), 'ahead').to.equal(
      false,
    );
    await world.users.setDisabled(userId, true);
    const stale = session(userId);
    expect(await sessions.create(stale), 'an epoch left behind').to.equal(false);
    expect(await sessions.create(new LoginSession({ ...stale, userEpoch: 1 })), 'disabled').to.equal(false);
    await world.users.setDisabled(userId, false);
    const current = new LoginSession({ ...session(userId), userEpoch: 2 });
    expect(await sessions.create(current)).to.equal(true);
    expect(await sessions.findById(stale.id)).to.equal(undefined);
    expect(await sessions.findById(current.id)).to.deep.equal(current);
  });

  it("reads a session in use with its user's current security epoch", async () => {
    const stored = session(userId);
    await sessions.create(stored);
    expect(await sessions.findInUse(stored.id)).to.deep.equal({ session: stored, userEpoch: 0 });
    await world.users.changePassword(userId, 'new-hash');
    expect(await sessions.findInUse(stored.id)).to.deep.equal({ session: stored, userEpoch: 1 });
    expect(await sessions.findInUse(randomUUID())).to.equal(undefined);
  });

  it('a login racing a disable waits for it, then stores nothing; one stored first gets revoked', async () => {
    // The disable's transaction is held open after its writes while the login inserts from outside it.
    let written!: () => void;
    let finish!: () => void;
    const writtenOnce = new Promise<void>((resolve) => (written = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const disabling = world.unitOfWork.transaction(async () => {
      await world.users.setDisabled(userId, true);
      await sessions.revokeAllForUser(userId, 'user_disabled', at(1));
      written();
      await finished;
    });
    await writtenOnce;
    const racing = session(userId);
    const creating = sessions.create(racing);
    await Promise.race([creating, new Promise((resolve) => setTimeout(resolve, 100))]);
    finish();
    await disabling;
    expect(await creating).to.equal(false);
    expect(await sessions.findById(racing.id)).to.equal(undefined);

    const { user } = await seedUser(world);
    const first = session(user.id);
    await sessions.create(first);
    await world.unitOfWork.transaction(async () => {
      await world.users.setDisabled(user.id, true);
      await sessions.revokeAllForUser(user.id, 'user_disabled', at(1));
    });
    expect((await sessions.findById(first.id))?.revokedReason).to.equal('user_disabled');
  });

  it('rotates from the current generation only, recording the use', async () => {
    const stored = session(userId);
    await sessions.create(stored);
    expect(await sessions.rotate(stored.id, 0, at(60))).to.equal(true);
    expect(await sessions.findById(stored.id)).to.deep.include({
      generation: 1,
      rotatedAt: at(60),
      lastUsedAt: at(60),
    });
    expect(await sessions.rotate(stored.id, 0, at(61)), 'a stale generation').to.equal(false);
    expect((await sessions.findById(stored.id))?.lastUsedAt).to.deep.equal(at(60));
    expect(await sessions.rotate(randomUUID(), 0, at(61)), 'an unknown session').to.equal(false);
    await sessions.revoke(stored.id, 'logout', at(62));
    expect(await sessions.rotate(stored.id, 1, at(63)), 'a revoked session').to.equal(false);
    expect((await sessions.findById(stored.id))?.generation).to.equal(1);
  });

  it('does not rotate a session whose user has left its security epoch', async () => {
    const stored = session(userId);
    await sessions.create(stored);
    await world.users.setDisabled(userId, true);
    await world.users.setDisabled(userId, false);
    expect(await sessions.rotate(stored.id, 0, at(1))).to.equal(false);
    expect((await sessions.findById(stored.id))?.generation).to.equal(0);
  });

  it('of 20 concurrent rotations of the same generation, exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const stored = session(userId);
      await sessions.create(stored);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => sessions.rotate(stored.id, 0, at(i + 1))),
      );
      expect(results.filter(Boolean), `round ${round}`).to.have.lengthOf(1);
      const after = await sessions.findById(stored.id);
      expect(after?.generation).to.equal(1);
      // The stored use is the winner's.
      expect(after?.rotatedAt).to.deep.equal(at(results.indexOf(true) + 1));
    }
  });

  it('revokes once: a second revocation keeps the first time and reason', async () => {
    const stored = session(userId);
    await sessions.create(stored);
    await sessions.revoke(stored.id, 'logout', at(5));
    await sessions.revoke(stored.id, 'reuse_detected', at(9));
    expect(await sessions.findById(stored.id)).to.deep.include({
      revokedAt: at(5),
      revokedReason: 'logout',
    });
    await sessions.revoke(randomUUID(), 'logout', at(9)); // unknown: nothing happens
  });

  it("revokes all of a user's live sessions but the one kept, counting only those it revoked", async () => {
    const [kept, one, two, done] = [session(userId), session(userId), session(userId), session(userId)];
    const others = session(otherUserId);
    for (const s of [kept, one, two, done, others]) await sessions.create(s);
    await sessions.revoke(done.id, 'logout', at(1));
    expect(await sessions.revokeAllForUser(userId, 'password_changed', at(2), kept.id)).to.equal(2);
    for (const s of [one, two]) {
      expect(await sessions.findById(s.id)).to.deep.include({
        revokedAt: at(2),
        revokedReason: 'password_changed',
      });
    }
    expect((await sessions.findById(done.id))?.revokedReason).to.equal('logout');
    expect((await sessions.findById(kept.id))?.revokedAt).to.equal(null);
    expect((await sessions.findById(others.id))?.revokedAt).to.equal(null);
    expect(await sessions.revokeAllForUser(userId, 'user_disabled', at(3))).to.equal(1);
  });

  it("lists the user's unrevoked sessions not past their absolute end, newest first", async () => {
    const older = session(userId, at(0));
    const newer = session(userId, at(10));
    const revoked = session(userId, at(20));
    const expired = session(userId, at(-LIFETIMES.absoluteSeconds));
    for (const s of [older, newer, revoked, expired, session(otherUserId)]) await sessions.create(s);
    await sessions.revoke(revoked.id, 'logout', at(21));
    const listed = await sessions.listForUser(userId, at(30));
    expect(listed.map((s) => s.id)).to.deep.equal([newer.id, older.id]);
    expect(listed[0]).to.deep.equal(newer);
  });

  it('hands out copies: changing a session read or stored changes nothing stored', async () => {
    const stored = session(userId);
    await sessions.create(stored);
    stored.generation = 7;
    const read = await sessions.findById(stored.id);
    if (!read) throw new Error('not stored');
    read.revokedAt = at(1);
    expect(await sessions.findById(stored.id)).to.deep.include({ generation: 0, revokedAt: null });
  });
});
