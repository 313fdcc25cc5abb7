import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { LinkedIdentity } from '../../../src/domain/identity/linked-identity.ts';
import { Conflict } from '../../../src/domain/kernel/errors.ts';
import { rejectionOf } from '../../support/fail.ts';
import { at, describeContract, seedUser } from '../../support/persistence-world.ts';

const link = (userId: string, provider: string, subject: string, seconds = 0) =>
  new LinkedIdentity({
    id: randomUUID(),
    userId,
    provider,
    subject,
    email: 'person@example.com',
    createdAt: at(seconds),
  });

describeContract('LinkedIdentityRepository', (world) => {
  it('stores a link and finds it by (provider, subject), field for field', async () => {
    const { user } = await seedUser(world);
    const stored = link(user.id, 'corp', `sub-${randomUUID()}`);
    await world.linkedIdentities.add(stored);
    expect(await world.linkedIdentities.findBySubject('corp', stored.subject)).to.deep.equal(stored);
    expect(await world.linkedIdentities.findBySubject('other', stored.subject)).to.equal(undefined);
    expect(await world.linkedIdentities.isLinked(user.id, 'corp')).to.equal(true);
    expect(await world.linkedIdentities.isLinked(user.id, 'github')).to.equal(false);
  });

  it('links one identity to one account, and an account to one identity per provider', async () => {
    const { user } = await seedUser(world);
    const { user: other } = await seedUser(world);
    const subject = `sub-${randomUUID()}`;
    await world.linkedIdentities.add(link(user.id, 'corp', subject));
    await rejectionOf(
      world.linkedIdentities.add(link(other.id, 'corp', subject)),
      Conflict,
      'one identity, two accounts',
    );
    const second = link(user.id, 'corp', `sub-${randomUUID()}`);
    await rejectionOf(world.linkedIdentities.add(second), Conflict, 'two identities of one provider');
    await world.linkedIdentities.add(link(user.id, 'github', subject));
    expect(await world.linkedIdentities.findBySubject('corp', subject)).to.include({ userId: user.id });
  });

  it("lists a user's links oldest first", async () => {
    const { user } = await seedUser(world);
    await world.linkedIdentities.add(link(user.id, 'github', 'g-1', 10));
    await world.linkedIdentities.add(link(user.id, 'corp', 'c-1', 5));
    const listed = await world.linkedIdentities.listForUser(user.id);
    expect(listed.map((l) => l.provider)).to.deep.equal(['corp', 'github']);
  });
});
