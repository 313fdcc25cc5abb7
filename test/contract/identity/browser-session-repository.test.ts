import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { BrowserSessionRepository } from '../../../src/application/identity/ports/browser-session-repository.ts';
import { BrowserSession } from '../../../src/domain/identity/browser-session.ts';
import { at, describeContract, seedUser, T0 } from '../../support/persistence-world.ts';

const LIFETIMES = { idleSeconds: 3600, absoluteSeconds: 86400 };

function session(userId: string, createdAt = T0): BrowserSession {
  return BrowserSession.start(
    {
      id: randomUUID(),
      userId,
      userEpoch: 0,
      tokenHash: randomUUID(),
      csrfToken: randomUUID(),
      userAgent: 'Mozilla/5.0 "quoted"',
      ip: '192.0.2.7',
    },
    createdAt,
    LIFETIMES,
  );
}

describeContract('BrowserSessionRepository', (world) => {
  let sessions: BrowserSessionRepository;
  let userId: string;
  beforeEach(async () => {
    sessions = world.browserSessions;
    userId = (await seedUser(world)).user.id;
  });

  it('stores a session and finds it by token hash, field for field', async () => {
    const stored = session(userId);
    await sessions.create(stored);
    expect(await sessions.findByTokenHash(stored.tokenHash)).to.deep.equal(stored);
    expect(await sessions.findByTokenHash('unknown')).to.equal(undefined);
  });

  it("stores a session only while its user is enabled and still in the session's security epoch", async () => {
    expect(await sessions.create(session(randomUUID())), 'an unknown user').to.equal(false);
    await world.users.changePassword(userId, 'new-hash');
    const stale = session(userId);
    expect(await sessions.create(stale), 'an epoch left behind').to.equal(false);
    expect(await sessions.findByTokenHash(stale.tokenHash)).to.equal(undefined);
    await world.users.setDisabled(userId, true);
    expect(await sessions.create(new BrowserSession({ ...stale, userEpoch: 2 })), 'disabled').to.equal(false);
    await world.users.setDisabled(userId, false);
    expect(await sessions.create(new BrowserSession({ ...stale, userEpoch: 3 }))).to.equal(true);
  });

  it('touches the last-seen time', async () => {
    const stored = session(userId);
    await sessions.create(stored);
    await sessions.touch(stored.id, at(90));
    expect((await sessions.findByTokenHash(stored.tokenHash))?.lastSeenAt).to.deep.equal(at(90));
    await sessions.touch(randomUUID(), at(90));
  });

  it('deletes one session only for its own user', async () => {
    const stored = session(userId);
    await sessions.create(stored);
    const stranger = (await seedUser(world)).user.id;
    expect(await sessions.deleteForUser(stranger, stored.id)).to.equal(false);
    expect(await sessions.findByTokenHash(stored.tokenHash)).not.to.equal(undefined);
    expect(await sessions.deleteForUser(userId, stored.id)).to.equal(true);
    expect(await sessions.findByTokenHash(stored.tokenHash)).to.equal(undefined);
    expect(await sessions.deleteForUser(userId, stored.id)).to.equal(false);
  });

  it('deletes all of a user’s sessions but the one kept, and no one else’s', async () => {
    const keep = session(userId);
    const others = [session(userId), session(userId)];
    const stranger = session((await seedUser(world)).user.id);
    for (const s of [keep, ...others, stranger]) await sessions.create(s);
    expect(await sessions.deleteAllForUser(userId, keep.id)).to.equal(2);
    expect((await sessions.listForUser(userId, T0)).map((s) => s.id)).to.deep.equal([keep.id]);
    expect(await sessions.findByTokenHash(stranger.tokenHash)).not.to.equal(undefined);
    expect(await sessions.deleteAllForUser(userId)).to.equal(1);
  });

  it('deletes ended sessions: past the absolute end, or idle since before the cut-off', async () => {
    const expired = session(userId, at(-90000));
    const idle = session(userId, at(-7200));
    const live = session(userId, at(-60));
    for (const s of [expired, idle, live]) await sessions.create(s);
    expect(await sessions.deleteEndedForUser(userId, T0, at(-3600))).to.equal(2);
    expect((await sessions.listForUser(userId, T0)).map((s) => s.id)).to.deep.equal([live.id]);
  });

  it('lists the user’s unexpired sessions newest first', async () => {
    const older = session(userId, at(-20));
    const newer = session(userId, at(-10));
    const expired = session(userId, at(-90000));
    for (const s of [older, expired, newer]) await sessions.create(s);
    expect((await sessions.listForUser(userId, T0)).map((s) => s.id)).to.deep.equal([newer.id, older.id]);
  });
});
