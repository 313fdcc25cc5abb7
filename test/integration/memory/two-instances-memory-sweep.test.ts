import { expect } from 'chai';
import { FixedClock } from '../../support/auth-fakes.ts';
import { seedUser } from '../../support/persistence-world.ts';
import { twoInstancesOnPostgres } from '../../support/test-container.ts';

describe('the expired memory sweep on two instances', () => {
  it('deletes every expired item exactly once between them, and keeps the live ones', async function () {
    this.timeout(120_000);
    // Far in the future: every other suite's expired item is expired here too, so count only this workspace's.
    const clock = new FixedClock(new Date('2099-01-01T00:00:00.000Z'));
    const [a, b] = await twoInstancesOnPostgres(clock);
    const { workspace } = await seedUser(a);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + 1000);
    const put = (i: number) =>
      a.memoryItems.put(
        {
          workspaceId: workspace.id,
          namespace: ['s'],
          key: `e${i}`,
          value: { i },
          createdAt: now,
          updatedAt: now,
          expiresAt: i < 1100 ? expiresAt : null,
        },
        now,
      );
    // Twenty writes at a time: more than two sweep batches of 500, written in a few seconds.
    for (let from = 0; from < 1200; from += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => put(from + i)));
    }
    clock.advance(2);
    const [byA, byB] = await Promise.all([a.sweepExpiredMemory(), b.sweepExpiredMemory()]);
    expect(byA + byB).to.be.at.least(1100);
    const left = await a.memoryItems.search(
      { workspaceId: workspace.id, namespacePrefix: ['s'], limit: 100 },
      clock.now(),
    );
    expect(left).to.have.length(100);
    expect(left.every((item) => item.expiresAt === null)).to.equal(true);
    const gone = await b.memoryItems.deleteExpired(clock.now(), 10_000);
    expect(gone).to.equal(0);
  });
});
