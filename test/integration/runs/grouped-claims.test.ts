import { expect } from 'chai';
import { PostgresGroupCommits } from '../../../src/adapters/platform/postgres/postgres-group-commits.ts';
import type { UnitOfWork } from '../../../src/application/kernel/ports/unit-of-work.ts';
import { makeClaimTogether, type WorkerClaim } from '../../../src/application/runs/claim-together.ts';
import type { Mission } from '../../../src/domain/missions/mission.ts';
import type { Run } from '../../../src/domain/runs/run.ts';
import {
  postgresWorld,
  seedMission,
  seedRun,
  seedUser,
  type World,
} from '../../support/persistence-world.ts';
import { testDatabase } from '../../support/test-database.ts';

/**
 * Claims on PostgreSQL share transactions (issue 27): fewer commits than claims, each worker answered with
 * runs no other got, leased to it in a transaction that committed before the answer; a claim whose statement
 * fails fails alone; a batch that finds nothing writes nothing.
 */
describe('claims on PostgreSQL grouped into shared transactions', () => {
  let world: World;
  let mission: Mission;
  /** A mission of the same workspace with no runs. */
  let empty: Mission;

  beforeEach(async () => {
    world = await postgresWorld();
    mission = await seedMission(world, (await seedUser(world)).workspace.id);
    empty = await seedMission(world, mission.workspaceId);
  });

  /** `n` queued runs, a millisecond apart (oldest first). */
  async function queued(n: number): Promise<Run[]> {
    const runs: Run[] = [];
    for (let i = 0; i < n; i++)
      runs.push(await seedRun(world, mission, new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i))));
    return runs;
  }

  /** Claims over the test database; each transaction they open is counted, with whether it wrote (got an xid). */
  async function claims() {
    const { db } = await testDatabase();
    const transactions: Array<{ wrote: boolean }> = [];
    const unitOfWork: UnitOfWork = {
      transaction: (work) =>
        db.transaction(async () => {
          const result = await work();
          const [row] = await db.query<{ xid: string | null }>('select txid_current_if_assigned() as xid');
          transactions.push({ wrote: row?.xid !== null });
          return result;
        }),
    };
    const claim = makeClaimTogether({
      runs: world.runs,
      expireRunLeases: world.expireRunLeases,
      unitOfWork,
      groupCommits: new PostgresGroupCommits({ db }),
      clock: { now: () => new Date() },
    });
    return { claim, transactions };
  }

  const worker = (owner: string, limit = 1, missionIds?: string[]): WorkerClaim => ({
    criteria: { workspaceId: mission.workspaceId, limit, ...(missionIds ? { missionIds } : {}) },
    owner,
    leaseSeconds: 300,
  });

  /**
   * Claims on another (empty) mission that take every transaction slot, so the claims made next queue and go
   * together in one batch.
   */
  const occupied = (claim: (claim: WorkerClaim) => Promise<Run[]>) =>
    Promise.all([1, 2].map((i) => claim(worker(`blocker${i}`, 1, [empty.id]))));

  async function committed(runId: string) {
    const { db } = await testDatabase();
    const [row] = await db.query<{ status: string; lease_owner: string | null }>(
      'select status, lease_owner from runs where id = $1',
      [runId],
    );
    return row;
  }

  it('hands 24 concurrent claims distinct runs, oldest first, in fewer transactions, each committed once answered', async () => {
    const runs = await queued(30);
    const { claim, transactions } = await claims();
    const answers = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const got = await claim(worker(`w${i}`));
        for (const run of got)
          expect(await committed(run.id)).to.deep.equal({ status: 'running', lease_owner: `w${i}` });
        return got;
      }),
    );
    const ids = answers.flat().map((run) => run.id);
    expect(ids).to.have.lengthOf(24);
    expect(new Set(ids).size).to.equal(24);
    expect([...ids].sort()).to.deep.equal(
      runs
        .slice(0, 24)
        .map((run) => run.id)
        .sort(),
    );
    expect(transactions.length).to.be.lessThan(24);
  });

  it('shares out one read among claims of several runs each, in the order they came', async () => {
    const runs = await queued(5);
    const { claim } = await claims();
    const blockers = occupied(claim);
    const [a, b, c] = await Promise.all([
      claim(worker('a', 2)),
      claim(worker('b', 1)),
      claim(worker('c', 3)),
    ]);
    await blockers;
    const order = runs.map((run) => run.id);
    expect(a?.map((run) => run.id)).to.deep.equal(order.slice(0, 2));
    expect(b?.map((run) => run.id)).to.deep.equal(order.slice(2, 3));
    expect(c?.map((run) => run.id)).to.deep.equal(order.slice(3));
    for (const run of c ?? []) expect(run).to.include({ status: 'running', leaseOwner: 'c' });
  });

  it('fails only the claim whose statement fails (a malformed mission id); the rest of its batch are answered', async () => {
    const runs = await queued(3);
    const { claim } = await claims();
    const blockers = occupied(claim);
    const outcomes = await Promise.allSettled([
      claim(worker('a')),
      claim(worker('broken', 1, ['not-a-uuid'])),
      claim(worker('b', 1, [mission.id])),
    ]);
    await blockers;
    expect(outcomes.map((outcome) => outcome.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
    const handed = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []));
    expect(handed.map((run) => run.id).sort()).to.deep.equal(
      runs
        .slice(0, 2)
        .map((run) => run.id)
        .sort(),
    );
    for (const run of handed) expect((await committed(run.id))?.status).to.equal('running');
  });

  it('answers claims that find nothing from transactions that write nothing', async () => {
    const { claim, transactions } = await claims();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => claim(worker(`w${i}`, 5))));
    expect(answers.every((runs) => runs.length === 0)).to.equal(true);
    expect(transactions.length).to.be.greaterThan(0);
    expect(transactions.every((transaction) => !transaction.wrote)).to.equal(true);
  });
});
