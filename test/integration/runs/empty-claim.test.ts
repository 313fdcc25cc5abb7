import { expect } from 'chai';
import type { Run } from '../../../src/domain/runs/run.ts';
import { postgresWorld, seedMission, seedRun, seedUser } from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';

/**
 * A claim that finds nothing writes nothing: its transaction gets no transaction id, so its commit writes no
 * WAL and waits for no flush (issue 27: workers polling an empty queue cost reads only).
 */
describe('a claim on PostgreSQL that finds nothing claimable', () => {
  it('takes no transaction id (no write, no WAL flush at commit); one that claims does', async () => {
    const world = await postgresWorld();
    const mission = await seedMission(world, (await seedUser(world)).workspace.id);
    const { db } = await testDatabase();
    const claimThenXid = () =>
      db.transaction(async () => {
        const claimed = await world.runs.claimOldest(
          { workspaceId: mission.workspaceId, now: new Date(), limit: 5 },
          (run: Run) => run.claim('w', new Date(), 60),
        );
        const [row] = await db.query<{ xid: string | null }>('select txid_current_if_assigned() as xid');
        return { claimed: claimed.runs.length, xid: row?.xid ?? null };
      });

    expect(await claimThenXid()).to.deep.equal({ claimed: 0, xid: null });
    await seedRun(world, mission);
    const busy = await claimThenXid();
    expect(busy.claimed).to.equal(1);
    expect(busy.xid).to.not.equal(null);
    expect(await claimThenXid()).to.deep.equal({ claimed: 0, xid: null });
  });
});
