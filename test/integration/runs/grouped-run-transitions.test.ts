import { expect } from 'chai';
import { isDatabaseUnavailable } from '../../../src/adapters/platform/postgres/database-unavailable.ts';
import { connectPostgres } from '../../../src/adapters/platform/postgres/postgres-database.ts';
import { PostgresGroupCommits } from '../../../src/adapters/platform/postgres/postgres-group-commits.ts';
import { PostgresRunRepository } from '../../../src/adapters/runs/postgres/postgres-run-repository.ts';
import type { UnitOfWork } from '../../../src/application/kernel/ports/unit-of-work.ts';
import type { RunOutcomeListener } from '../../../src/application/runs/ports/run-outcome-listener.ts';
import { makeRunTransitions } from '../../../src/application/runs/run-transitions.ts';
import { entitySchemas } from '../../../src/composition/entity-schemas.ts';
import { loadConfig } from '../../../src/config.ts';
import type { Mission } from '../../../src/domain/missions/mission.ts';
import type { Run } from '../../../src/domain/runs/run.ts';
import {
  postgresWorld,
  seedMission,
  seedRun,
  seedUser,
  type World,
} from '../../support/persistence-world.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { testDatabase } from '../../support/test-database.ts';

const WORKER = 'worker-1';
const succeeded = { status: 'succeeded', output: { ok: true } } as const;

/**
 * RunTransitions on PostgreSQL groups concurrent changes (completions, heartbeats) into shared transactions:
 * fewer commits than changes, each caller answered only after the commit that stored its change, a change the
 * domain refuses failing alone.
 */
describe('RunTransitions on PostgreSQL: completions grouped into shared transactions', () => {
  let world: World;
  let mission: Mission;

  beforeEach(async () => {
    world = await postgresWorld();
    mission = await seedMission(world, (await seedUser(world)).workspace.id);
  });

  /** `n` runs held by WORKER (claimed, each in its own transaction). */
  async function runningRuns(n: number): Promise<Run[]> {
    const runs: Run[] = [];
    for (let i = 0; i < n; i++) {
      const run = await seedRun(world, mission);
      runs.push((await world.runs.update(run.id, (r) => r.claim(WORKER, new Date(), 300))) as Run);
    }
    return runs;
  }

  /** Transitions over the test database, counting the transactions they open; `listeners` run in each. */
  async function transitions(listeners: RunOutcomeListener[] = []) {
    const { db } = await testDatabase();
    const counted = { transactions: 0 };
    const unitOfWork: UnitOfWork = {
      transaction: (work) => {
        counted.transactions++;
        return db.transaction(work);
      },
    };
    const runTransitions = makeRunTransitions({
      runs: world.runs,
      unitOfWork,
      groupCommits: new PostgresGroupCommits({ db }),
      runOutcomeListeners: listeners,
    });
    return { runTransitions, counted, db };
  }

  /** What another connection sees committed of the run. */
  async function committedStatus(runId: string) {
    const { db } = await testDatabase();
    const [row] = await db.query<{ status: string; events_seq: number }>(
      'select status, events_seq from runs where id = $1',
      [runId],
    );
    return row;
  }

  it('completes concurrent runs in fewer transactions than runs, each committed once it is answered', async () => {
    const runs = await runningRuns(24);
    const finished: string[] = [];
    const { runTransitions, counted } = await transitions([async (run) => void finished.push(run.id)]);
    const seen = await Promise.all(
      runs.map(async (run) => {
        const done = await runTransitions.change(run.id, (r) => r.complete(WORKER, succeeded, new Date()));
        expect(done?.status).to.equal('succeeded');
        return committedStatus(run.id);
      }),
    );
    // Queued, claimed (running), succeeded: each status event numbered in turn.
    for (const row of seen) expect(row).to.deep.equal({ status: 'succeeded', events_seq: 3 });
    expect(counted.transactions).to.be.lessThan(runs.length);
    expect(finished.sort()).to.deep.equal(runs.map((run) => run.id).sort());
  });

  it('fails only the change the domain refuses (another worker, the same run twice); the rest commit', async () => {
    const runs = await runningRuns(4);
    const { runTransitions } = await transitions();
    const [a, b, c, d] = runs as [Run, Run, Run, Run];
    const complete = (run: Run, worker = WORKER) =>
      runTransitions.change(run.id, (r) => r.complete(worker, succeeded, new Date()));
    const blocker = complete(a); // the others queue behind it and go together
    const outcomes = await Promise.allSettled([
      complete(b),
      complete(c, 'someone-else'),
      complete(d),
      complete(d), // twice in one batch: the second finds it finished
    ]);
    await blocker;
    expect(outcomes.map((outcome) => outcome.status)).to.deep.equal([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect(((outcomes[1] as PromiseRejectedResult).reason as { code?: string }).code).to.equal('conflict');
    expect(((outcomes[3] as PromiseRejectedResult).reason as { code?: string }).code).to.equal('conflict');
    expect((await committedStatus(b.id))?.status).to.equal('succeeded');
    expect((await committedStatus(c.id))?.status).to.equal('running');
    expect(await committedStatus(d.id)).to.deep.equal({ status: 'succeeded', events_seq: 3 });
  });

  it('after a failure only one change explains (its outcome listener), retries the others alone and commits them', async () => {
    const runs = await runningRuns(6);
    const [first, second, ...batch] = runs as [Run, Run, Run, Run, Run, Run];
    const faulty = batch[1] as Run;
    const { runTransitions, db } = await transitions([
      async (run) => {
        if (run.id === faulty.id) await db.query('select 1 / 0');
      },
    ]);
    const complete = (run: Run) =>
      runTransitions.change(run.id, (r) => r.complete(WORKER, succeeded, new Date()));
    // Two in flight (one per slot), so the next four go together in one shared transaction.
    const blockers = [complete(first), complete(second)];
    const outcomes = await Promise.allSettled(batch.map(complete));
    await Promise.all(blockers);
    expect(outcomes.map((outcome) => outcome.status)).to.deep.equal([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    for (const run of runs)
      expect((await committedStatus(run.id))?.status).to.equal(
        run.id === faulty.id ? 'running' : 'succeeded',
      );
  });

  it('inside a transaction, stores the change in it: rolled back with it', async () => {
    const [run] = (await runningRuns(1)) as [Run];
    const { runTransitions, db } = await transitions();
    const outer = db.transaction(async () => {
      await runTransitions.change(run.id, (r) => r.complete(WORKER, succeeded, new Date()));
      throw new Error('the caller gives up');
    });
    expect(
      await outer.then(
        () => 'committed',
        (error: Error) => error.message,
      ),
    ).to.equal('the caller gives up');
    expect((await committedStatus(run.id))?.status).to.equal('running');
  });

  it('answers every member of a batch the database dropped mid-way with an outage, and commits none', async () => {
    const runs = await runningRuns(6);
    const proxy = new TcpProxy();
    const url = await proxy.start((await testDatabase()).url);
    const proxied = await connectPostgres({
      url,
      entities: entitySchemas,
      poolMax: 2,
      deadlines: loadConfig({}).databaseDeadlines,
    });
    try {
      const runTransitions = makeRunTransitions({
        runs: new PostgresRunRepository({ db: proxied }),
        unitOfWork: { transaction: (work) => proxied.transaction(work) },
        groupCommits: new PostgresGroupCommits({ db: proxied }),
        runOutcomeListeners: [],
      });
      proxy.cutOn = 'update runs';
      const outcomes = await Promise.allSettled(
        runs.map((run) => runTransitions.change(run.id, (r) => r.complete(WORKER, succeeded, new Date()))),
      );
      for (const outcome of outcomes) {
        expect(outcome.status).to.equal('rejected');
        expect(isDatabaseUnavailable((outcome as PromiseRejectedResult).reason)).to.equal(true);
      }
      for (const run of runs) expect((await committedStatus(run.id))?.status).to.equal('running');
    } finally {
      await proxy.close();
      await Promise.race([
        proxied.close().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 500)),
      ]);
    }
  });
});
