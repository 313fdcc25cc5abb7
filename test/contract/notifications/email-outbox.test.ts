import { expect } from 'chai';
import { OutgoingEmail } from '../../../src/domain/notifications/outgoing-email.ts';
import { at, describeContract } from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';

const content = (to: string) => ({
  to,
  subject: 'Verify your e-mail',
  text: `Open https://app.example/verify-email#token=${to}-secret`,
  html: `<a href="https://app.example/verify-email#token=${to}-secret">verify</a>`,
});

describeContract('EmailOutbox', (world, family) => {
  // The PostgreSQL world shares one database across the run: take what other tests left out of every claim.
  beforeEach(async () => {
    for (const { email, lease } of await world.emailOutbox.claimDue(at(1e9), {
      limit: 1e4,
      leaseSeconds: 1,
    })) {
      email.recordSent(at(1e9));
      await world.emailOutbox.record(email, lease);
    }
  });

  const queued = async (to: string, seconds = 0) => {
    const email = OutgoingEmail.queue(world.ids.newId(), content(to), at(seconds));
    await world.emailOutbox.add(email);
    return email;
  };

  it('stores an e-mail field for field and leases the due ones, oldest first', async () => {
    const first = await queued('a@example.com', 0);
    const second = await queued('b@example.com', 5);
    expect(await world.emailOutbox.findById(first.id)).to.deep.equal(first);
    const leased = await world.emailOutbox.claimDue(at(5), { limit: 10, leaseSeconds: 60 });
    expect(leased.map(({ email }) => email.id)).to.deep.equal([first.id, second.id]);
    expect(await world.emailOutbox.claimDue(at(10), { limit: 10, leaseSeconds: 60 })).to.deep.equal([]);
    expect((await world.emailOutbox.claimDue(at(70), { limit: 10, leaseSeconds: 60 })).length).to.equal(2);
  });

  it('gives concurrent claims disjoint e-mails', async () => {
    for (let i = 0; i < 6; i++) await queued(`c${i}@example.com`);
    const claims = await Promise.all(
      [1, 2, 3].map(() => world.emailOutbox.claimDue(at(1), { limit: 3, leaseSeconds: 60 })),
    );
    const ids = claims.flat().map(({ email }) => email.id);
    expect(ids).to.have.length(6);
    expect(new Set(ids).size).to.equal(6);
  });

  it('records an outcome only under its lease, and erases the content once sent', async () => {
    await queued('d@example.com');
    const [stale] = await world.emailOutbox.claimDue(at(1), { limit: 1, leaseSeconds: 10 });
    const [current] = await world.emailOutbox.claimDue(at(20), { limit: 1, leaseSeconds: 10 });
    if (!stale || !current) throw new Error('nothing leased');
    stale.email.recordSent(at(21));
    expect(await world.emailOutbox.record(stale.email, stale.lease)).to.equal(false);
    current.email.recordSent(at(22));
    expect(await world.emailOutbox.record(current.email, current.lease)).to.equal(true);
    const stored = await world.emailOutbox.findById(current.email.id);
    expect(stored).to.include({ status: 'sent', content: null });
    expect(stored?.sentAt).to.deep.equal(at(22));
  });

  it('keeps a failed e-mail for its retry, then gives it up', async () => {
    const email = await queued('e@example.com');
    const [leased] = await world.emailOutbox.claimDue(at(1), { limit: 1, leaseSeconds: 10 });
    if (!leased) throw new Error('nothing leased');
    leased.email.recordFailure('SMTP send failed (ECONNREFUSED)', at(1), [30]);
    await world.emailOutbox.record(leased.email, leased.lease);
    expect(await world.emailOutbox.claimDue(at(30), { limit: 1, leaseSeconds: 10 })).to.deep.equal([]);
    const [again] = await world.emailOutbox.claimDue(at(31), { limit: 1, leaseSeconds: 10 });
    if (!again) throw new Error('not retried');
    expect(again.email.content).to.deep.equal(email.content);
    again.email.recordFailure('SMTP send failed (ECONNREFUSED)', at(31), [30]);
    await world.emailOutbox.record(again.email, again.lease);
    expect(await world.emailOutbox.findById(email.id)).to.include({
      status: 'failed',
      content: null,
      failedAttempts: 2,
    });
  });

  if (family === 'postgres') {
    it('keeps the content sealed at rest: no address, link or token in the row', async () => {
      const email = await queued('sealed@example.com');
      const { db } = await testDatabase();
      const row = JSON.stringify(await db.query('select * from email_outbox where id = $1', [email.id]));
      expect(row).to.include(email.id);
      expect(row).to.not.include('sealed@example.com');
      expect(row).to.not.include('secret');
    });
  }
});
