import { expect } from 'chai';
import { inboxOf } from '../../support/inbox.ts';
import { testContainer } from '../../support/test-container.ts';

describe('e-mail dispatchers of two instances on one database (PostgreSQL)', () => {
  it('send every queued e-mail exactly once between them', async () => {
    const [one, two] = await Promise.all([
      testContainer({ persistence: 'postgres' }),
      testContainer({ persistence: 'postgres' }),
    ]);
    try {
      // What other tests of the run left queued goes first, so the count below is this test's own.
      await Promise.all([one.cradle.emailDispatcher.drain(), two.cradle.emailDispatcher.drain()]);
      const addresses = Array.from({ length: 120 }, (_, i) => `reader${i}@example.com`);
      await one.cradle.unitOfWork.transaction(async () => {
        for (const to of addresses)
          await one.cradle.queueEmail({ to, subject: 'News', text: 'Hello', html: '<p>Hello</p>' });
      });
      const tried = await Promise.all([
        one.cradle.emailDispatcher.drain(),
        two.cradle.emailDispatcher.drain(),
      ]);
      const sent = [...inboxOf(one.cradle).sent, ...inboxOf(two.cradle).sent].map((e) => e.to);
      expect(tried[0] + tried[1]).to.equal(120);
      expect(sent.filter((to) => to.startsWith('reader')).sort()).to.deep.equal([...addresses].sort());
    } finally {
      await Promise.all([one.container.dispose(), two.container.dispose()]);
    }
  });
});
