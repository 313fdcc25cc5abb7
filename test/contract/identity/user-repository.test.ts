import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { User } from '../../../src/domain/identity/user.ts';
import { Conflict } from '../../../src/domain/kernel/errors.ts';
import { at, describeContract, T0, type World } from '../../support/persistence-world.ts';

/** A user (canonical names, as the domain hands them over). */
function newUser({
  username = `u${randomUUID().slice(0, 8)}`,
  email = `${username}@example.com`,
  createdAt = T0,
}: {
  username?: string;
  email?: string;
  createdAt?: Date;
} = {}) {
  const user = new User({
    id: randomUUID(),
    username,
    email,
    displayName: 'Ada Lovelace',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    disabled: false,
    securityEpoch: 0,
    emailVerifiedAt: null,
    createdAt,
  });
  return { user };
}

async function create(world: World, parts: ReturnType<typeof newUser>) {
  await world.users.create(parts.user);
  return parts.user;
}

describeContract('UserRepository', (world) => {
  it('stores a user, found by id, username or e-mail', async () => {
    const parts = newUser();
    const user = await create(world, parts);
    expect(await world.users.findById(user.id)).to.deep.equal(user);
    expect(await world.users.findByLogin(user.username)).to.deep.equal(user);
    expect(await world.users.findByLogin(user.email)).to.deep.equal(user);
    expect(await world.users.findById(randomUUID())).to.equal(undefined);
    expect(await world.users.findByLogin('nobody@example.com')).to.equal(undefined);
  });

  it('compares logins exactly: canonical forms are the caller’s job', async () => {
    const user = await create(world, newUser());
    expect(await world.users.findByLogin(user.username.toUpperCase())).to.equal(undefined);
    expect(await world.users.isLoginTaken(user.email.toUpperCase())).to.equal(false);
  });

  it('tells whether a login is taken, as a username or as an e-mail', async () => {
    const user = await create(world, newUser());
    expect(await world.users.isLoginTaken(user.username)).to.equal(true);
    expect(await world.users.isLoginTaken(user.email)).to.equal(true);
    expect(await world.users.isLoginTaken(`free-${randomUUID()}`)).to.equal(false);
  });

  it('refuses a taken username or a taken e-mail with Conflict, storing nothing of the refused user', async () => {
    const first = await create(world, newUser());
    const sameName = newUser({ username: first.username, email: `other-${randomUUID()}@example.com` });
    const sameEmail = newUser({ email: first.email });
    for (const refused of [sameName, sameEmail]) {
      const error = await create(world, refused).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(Conflict);
      expect(await world.users.findById(refused.user.id)).to.equal(undefined);
    }
  });

  it('of concurrent creations with one username, exactly one succeeds', async () => {
    const username = `race${randomUUID().slice(0, 8)}`;
    const attempts = Array.from({ length: 8 }, (_, i) =>
      newUser({ username, email: `${username}-${i}@example.com` }),
    );
    const results = await Promise.allSettled(attempts.map((parts) => create(world, parts)));
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.lengthOf(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refusals.every((reason) => reason instanceof Conflict)).to.equal(true);
  });

  it('changes the password and the disabled flag, each moving the user to the next security epoch', async () => {
    const user = await create(world, newUser());
    await world.users.changePassword(user.id, 'new-hash');
    await world.users.setDisabled(user.id, true);
    expect(await world.users.findById(user.id)).to.deep.equal(
      new User({ ...user, passwordHash: 'new-hash', disabled: true, securityEpoch: 2 }),
    );
    await world.users.setDisabled(user.id, false);
    expect(await world.users.findById(user.id)).to.deep.include({ disabled: false, securityEpoch: 3 });
    await world.users.changePassword(randomUUID(), 'x'); // unknown: nothing happens
    await world.users.setDisabled(randomUUID(), true);
  });

  it('rehashes the password within the epoch given only, keeping the epoch', async () => {
    const user = await create(world, newUser());
    await world.users.rehashPassword(user.id, 0, 'rehashed');
    expect(await world.users.findById(user.id)).to.deep.include({
      passwordHash: 'rehashed',
      securityEpoch: 0,
    });
    await world.users.changePassword(user.id, 'reset by an administrator');
    // A login that checked the old password rehashes it late: the reset must stand.
    await world.users.rehashPassword(user.id, 0, 'old password rehashed');
    expect(await world.users.findById(user.id)).to.deep.include({
      passwordHash: 'reset by an administrator',
      securityEpoch: 1,
    });
  });

  it('lists users oldest first', async () => {
    const later = await create(world, newUser({ createdAt: at(20) }));
    const earlier = await create(world, newUser({ createdAt: at(10) }));
    const ids = (await world.users.list())
      .map((u) => u.id)
      .filter((id) => id === later.id || id === earlier.id);
    expect(ids).to.deep.equal([earlier.id, later.id]);
  });

  it('hands out copies: changing a user read or stored changes nothing stored', async () => {
    const user = await create(world, newUser());
    user.disabled = true;
    const read = await world.users.findById(user.id);
    if (!read) throw new Error('not stored');
    read.passwordHash = 'changed';
    expect(await world.users.findById(user.id)).to.deep.include({
      disabled: false,
      passwordHash: newUser().user.passwordHash,
    });
  });
});
