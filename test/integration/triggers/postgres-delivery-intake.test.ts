import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { isDatabaseUnavailable } from '../../../src/adapters/platform/postgres/database-unavailable.ts';
import {
  connectPostgres,
  type PostgresDatabase,
} from '../../../src/adapters/platform/postgres/postgres-database.ts';
import { PostgresDeliveryIntake } from '../../../src/adapters/triggers/postgres/postgres-delivery-intake.ts';
import type { AcceptOutcome } from '../../../src/application/triggers/ports/delivery-repository.ts';
import { entitySchemas } from '../../../src/composition/entity-schemas.ts';
import { loadConfig } from '../../../src/config.ts';
import type { Trigger } from '../../../src/domain/triggers/trigger.ts';
import { postgresWorld } from '../../support/persistence-world.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { testDatabase } from '../../support/test-database.ts';
import { seedTrigger, webhookEntry } from '../../support/trigger-fixtures.ts';

const DAY = 86400;

/** The database as the intake sees it, counting the transactions it opens (each one commit when it succeeds). */
function counting(db: PostgresDatabase) {
  const seam = {
    transactions: 0,
    query: db.query.bind(db),
    transaction<T>(work: () => Promise<T>): Promise<T> {
      seam.transactions++;
      return db.transaction(work);
    },
  };
  return seam;
}

describe('PostgresDeliveryIntake (group commit)', () => {
  let db: PostgresDatabase;
  let trigger: Trigger;

  before(async () => {
    db = (await testDatabase()).db;
    trigger = await seedTrigger(await postgresWorld());
  });

  const entry = (idempotencyKey: string | null = null, triggerId = trigger.id) =>
    webhookEntry(trigger, { idempotencyKey, triggerId });

  /**
   * What another connection sees committed of a delivery: its row's status, its run's state and events, and the
   * run's event counter (the next append continues from it).
   */
  async function committed(deliveryId: string) {
    const [row] = await db.query<{
      status: string;
      run_status: string | null;
      events: number;
      events_seq: number | null;
    }>(
      `select d.status, r.status as run_status, r.events_seq,
              (select count(*)::int from run_events e where e.run_id = r.id and e.type = 'status') as events
         from webhook_deliveries d left join runs r on r.delivery_id = d.id where d.id = $1`,
      [deliveryId],
    );
    return row;
  }

  it('stores concurrent deliveries in fewer commits than deliveries, each visible once it is answered', async () => {
    const seam = counting(db);
    const intake = new PostgresDeliveryIntake({ db: seam, maxBatch: 64 });
    const entries = Array.from({ length: 20 }, () => entry());
    const seenOnAnswer = await Promise.all(
      entries.map(async ({ delivery, run }) => {
        expect(await intake.accept(delivery, run, DAY)).to.deep.equal({ stored: true });
        return committed(delivery.id);
      }),
    );
    for (const seen of seenOnAnswer)
      expect(seen).to.deep.equal({ status: 'accepted', run_status: 'queued', events: 1, events_seq: 1 });
    expect(seam.transactions).to.be.lessThan(entries.length);
  });

  it('fails only the member that violates a constraint; the rest of its batch commits', async () => {
    const seam = counting(db);
    const intake = new PostgresDeliveryIntake({ db: seam, maxBatch: 64 });
    const first = entry();
    const blocker = intake.accept(first.delivery, first.run, DAY);
    const good = [entry(), entry()];
    const bad = entry(null, randomUUID()); // no such trigger: the foreign key refuses it
    const outcomes = await Promise.allSettled(
      [good[0], bad, good[1]].map((e) => intake.accept(e?.delivery as never, e?.run as never, DAY)),
    );
    await blocker;
    expect(outcomes.map((outcome) => outcome.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
    // Its trigger does not exist (a foreign-key violation): to its caller a vanished parent is not_found, 404.
    expect(((outcomes[1] as PromiseRejectedResult).reason as { code?: string }).code).to.equal('not_found');
    for (const { delivery } of good) expect((await committed(delivery.id))?.status).to.equal('accepted');
    expect(await committed(bad.delivery.id)).to.equal(undefined);
  });

  it('answers repeats inside one batch and across batches with the delivery that took the key', async () => {
    const intake = new PostgresDeliveryIntake({ db: counting(db), maxBatch: 64 });
    const key = `k-${randomUUID()}`;
    const earlier = entry();
    const blocker = intake.accept(earlier.delivery, earlier.run, DAY);
    const [first, second] = [entry(key), entry(key)];
    const outcomes: AcceptOutcome[] = await Promise.all(
      [first, second].map((e) => intake.accept(e.delivery, e.run, DAY)),
    );
    await blocker;
    const stored = outcomes.findIndex((outcome) => outcome.stored);
    const taker = [first, second][stored]?.delivery;
    const repeat = [first, second][1 - stored]?.delivery;
    expect(outcomes[1 - stored]).to.deep.equal({
      stored: false,
      original: { deliveryId: taker?.id, runId: taker?.runId },
    });
    expect(await committed(repeat?.id as string)).to.deep.equal({
      status: 'duplicate',
      run_status: null,
      events: 0,
      events_seq: null,
    });
    const later = entry(key);
    expect(await intake.accept(later.delivery, later.run, DAY)).to.deep.equal(outcomes[1 - stored]);
  });

  it('with several batches in flight, stores each idempotency key once and answers each after its own commit', async () => {
    let open = 0;
    let mostOpen = 0;
    const seam = {
      query: db.query.bind(db),
      async transaction<T>(work: () => Promise<T>): Promise<T> {
        mostOpen = Math.max(mostOpen, ++open);
        try {
          return await db.transaction(work);
        } finally {
          open--;
        }
      },
    };
    const intake = new PostgresDeliveryIntake({ db: seam, maxBatch: 4, maxInFlight: 3 });
    const keys = Array.from({ length: 10 }, () => `k-${randomUUID()}`);
    // Each key four times, interleaved, so its repeats land in different batches committing at once.
    const entries = Array.from({ length: 40 }, (_, n) => entry(keys[n % keys.length]));
    const answers = await Promise.all(
      entries.map(async ({ delivery, run }) => {
        const outcome = await intake.accept(delivery, run, DAY);
        return { outcome, seen: await committed(delivery.id) };
      }),
    );
    expect(mostOpen).to.be.greaterThan(1);
    for (const [n, key] of keys.entries()) {
      const mine = answers.filter((_, index) => index % keys.length === n);
      const takers = mine.filter(({ outcome }) => outcome.stored);
      expect(takers, key).to.have.lengthOf(1);
      const taker = entries[answers.indexOf(takers[0] as never)]?.delivery;
      expect(takers[0]?.seen).to.deep.equal({
        status: 'accepted',
        run_status: 'queued',
        events: 1,
        events_seq: 1,
      });
      for (const { outcome, seen } of mine.filter((answer) => !answer.outcome.stored)) {
        expect(outcome).to.deep.equal({
          stored: false,
          original: { deliveryId: taker?.id, runId: taker?.runId },
        });
        expect(seen).to.deep.equal({ status: 'duplicate', run_status: null, events: 0, events_seq: null });
      }
    }
  });

  it('answers every member with an outage when the database goes away mid-batch, and commits none', async () => {
    const proxy = new TcpProxy();
    const url = await proxy.start((await testDatabase()).url);
    const proxied = await connectPostgres({
      url,
      entities: entitySchemas,
      poolMax: 2,
      deadlines: loadConfig({}).databaseDeadlines,
    });
    try {
      const intake = new PostgresDeliveryIntake({ db: proxied, maxBatch: 64 });
      const warm = entry();
      await intake.accept(warm.delivery, warm.run, DAY);
      proxy.cutOn = 'insert into runs';
      const entries = Array.from({ length: 6 }, () => entry());
      const outcomes = await Promise.allSettled(entries.map((e) => intake.accept(e.delivery, e.run, DAY)));
      for (const outcome of outcomes) {
        expect(outcome.status).to.equal('rejected');
        expect(isDatabaseUnavailable((outcome as PromiseRejectedResult).reason)).to.equal(true);
      }
      for (const { delivery } of entries) expect(await committed(delivery.id)).to.equal(undefined);
    } finally {
      await proxy.close();
      // Bounded: a pool never gets back a connection cut mid-transaction (see startAppAgainst).
      await Promise.race([
        proxied.close().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 500)),
      ]);
    }
  });
});
