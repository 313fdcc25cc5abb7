import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Config } from '../../../src/config.ts';
import { ExportJob } from '../../../src/domain/exports/export-job.ts';
import { LoginSession } from '../../../src/domain/identity/login-session.ts';
import type { Mission } from '../../../src/domain/missions/mission.ts';
import { seedMission, seedRun } from '../../support/persistence-world.ts';
import { actor, testContainer } from '../../support/test-container.ts';
import { testDatabase } from '../../support/test-database.ts';

const DAY = 86_400;
/** Long before anything else in the shared test database: only this file's rows are ever past a cutoff. */
const E0 = new Date('2020-01-01T00:00:00.000Z');
const ENV = { RETENTION_FILES_DAYS: '30' };
const FAR = new Date('2100-01-01T00:00:00.000Z');

async function retentionWorld(persistence: Config['persistence'], env: Record<string, string> = {}) {
  const { cradle } = await testContainer({ persistence, now: E0, env: { ...ENV, ...env } });
  return cradle;
}
type World = Awaited<ReturnType<typeof retentionWorld>>;

async function finishedRun(world: World, mission: Mission) {
  const run = await seedRun(world, mission, world.clock.now());
  await world.runs.update(run.id, (r) => r.cancel(world.clock.now()));
  return run;
}

async function session(world: World, userId: string, revoked: boolean) {
  const started = LoginSession.start(
    { id: randomUUID(), userId, userEpoch: 0, userAgent: null, ip: null },
    world.clock.now(),
    { absoluteSeconds: 30 * DAY, idleSeconds: 7 * DAY, graceSeconds: 10 },
  );
  await world.loginSessions.create(started);
  if (revoked) await world.loginSessions.revoke(started.id, 'logout', world.clock.now());
  return started;
}

/**
 * An export of `workspaceId` taken now under a lease that lasts (no export runner of another test takes it),
 * and failed at once when `finished`.
 */
async function exportJob(world: World, workspaceId: string, finished: boolean) {
  const job = ExportJob.queue({
    id: randomUUID(),
    workspaceId,
    kind: 'workspace',
    format: undefined,
    filter: undefined,
    requestedBy: null,
    now: world.clock.now(),
  });
  job.take(world.clock.now(), FAR);
  if (finished) job.fail('test', world.clock.now());
  await world.exports.add(job);
  return job;
}

async function* bytes(text: string) {
  yield new TextEncoder().encode(text);
}

/** The audit events `retention.purged` recorded at `since` or later (before `until`), whichever family. */
async function purgedEvents(world: World, persistence: Config['persistence'], since: Date, until = FAR) {
  if (persistence === 'memory') {
    const log = world.auditLog as unknown as { events: { type: string; createdAt: Date; details: object }[] };
    return log.events
      .filter((e) => e.type === 'retention.purged' && e.createdAt >= since && e.createdAt < until)
      .map((e) => e.details);
  }
  const { db } = await testDatabase();
  const rows = await db.query<{ details: object }>(
    `select details from audit_events where type = 'retention.purged' and created_at >= $1 and created_at < $2
     order by created_at`,
    [since, until],
  );
  return rows.map((row) => row.details);
}

for (const persistence of ['memory', 'postgres'] as const) {
  describe(`retention (${persistence}), with a fixed clock`, () => {
    it('deletes finished rows past their days only, per workspace, and records retention.purged', async () => {
      const world = await retentionWorld(persistence);
      const ada = await actor(world);
      const bob = await actor(world);
      const adaMission = await seedMission(world, ada.personal.id, E0);
      const bobMission = await seedMission(world, bob.personal.id, E0);
      // Bob keeps runs longer than the instance's 90 days, and files shorter than its 30.
      await world.updateRetention(bob.principal, bob.personal.id, { runs: 200, files: 10 });

      const oldRun = await finishedRun(world, adaMission);
      const queued = await seedRun(world, adaMission, E0);
      const bobsOldRun = await finishedRun(world, bobMission);
      const endedSession = await session(world, ada.user.id, true);
      const oldExport = await exportJob(world, ada.personal.id, true);
      const runningExport = await exportJob(world, ada.personal.id, false);
      const adaFile = await world.uploadFile(ada.principal, {
        workspaceId: ada.personal.id,
        name: 'a.txt',
        contentType: 'text/plain',
        bytes: bytes('ada'),
      });
      world.clock.advance(15 * DAY);
      const bobFile = await world.uploadFile(bob.principal, {
        workspaceId: bob.personal.id,
        name: 'b.txt',
        contentType: 'text/plain',
        bytes: bytes('bob'),
      });
      world.clock.advance(65 * DAY);
      const recentRun = await finishedRun(world, adaMission);
      const activeSession = await session(world, ada.user.id, false);
      world.clock.advance(20 * DAY); // E0 + 100 days

      const before = world.clock.now();
      const counts = await world.applyRetention();
      expect(counts).to.deep.equal({ sessions: 1, runs: 1, files: 2, exports: 1 });
      expect(await purgedEvents(world, persistence, before)).to.deep.equal([counts]);

      expect(await world.runs.findById(oldRun.id)).to.equal(undefined);
      for (const kept of [queued, bobsOldRun, recentRun])
        expect(await world.runs.findById(kept.id), kept.id).to.not.equal(undefined);
      expect(await world.loginSessions.findById(endedSession.id)).to.equal(undefined);
      expect(await world.loginSessions.findById(activeSession.id)).to.not.equal(undefined);
      expect(await world.files.findById(adaFile.id)).to.equal(undefined);
      expect(await world.files.findById(bobFile.id)).to.equal(undefined);
      expect(await world.fileStorage.size(adaFile.id)).to.equal(0);
      // A finished export goes with the files' days; a running one stays.
      expect(await world.exports.findById(oldExport.id)).to.equal(undefined);
      expect(await world.exports.findById(runningExport.id)).to.not.equal(undefined);

      // Nothing more is due: a second pass deletes nothing and records nothing.
      expect(await world.applyRetention()).to.deep.equal({});
      expect(await purgedEvents(world, persistence, before)).to.have.lengthOf(1);

      // A year on, the audit log of then goes too (its floor is 365 days), and Bob's old run.
      world.clock.advance(300 * DAY);
      const later = await world.applyRetention();
      expect(later.audit_events).to.be.at.least(2);
      expect(later.runs).to.equal(2);
      expect(await world.runs.findById(queued.id)).to.not.equal(undefined);
    });
  });
}

describe('retention: two instances at once on one PostgreSQL database', () => {
  it('split the rows: counts add up, nothing is deleted twice, no error', async () => {
    const env = { RETENTION_BATCH_SIZE: '100' };
    const [a, b] = [await retentionWorld('postgres', env), await retentionWorld('postgres', env)];
    const { db } = await testDatabase();
    const owner = await actor(a);
    const mission = await seedMission(a, owner.personal.id, E0);
    const first = await finishedRun(a, mission);
    // 2,499 copies in ten statements: one would pass the 1.5 s statement deadline on a loaded machine.
    for (let batch = 0; batch < 10; batch++) {
      await db.query(
        `insert into runs
         select (json_populate_record(r, json_build_object('id', gen_random_uuid()))).*
         from runs r, generate_series(1, $2::int) where r.id = $1`,
        [first.id, batch === 9 ? 249 : 250],
      );
    }
    const queued = await seedRun(a, mission, E0);
    // A moment of its own, so that its events are told from the other tests'.
    for (const world of [a, b]) world.clock.advance(101 * DAY);

    const started = Date.now();
    const [countsA, countsB] = await Promise.all([a.applyRetention(), b.applyRetention()]);
    const ms = Date.now() - started;
    expect((countsA.runs ?? 0) + (countsB.runs ?? 0)).to.equal(2500);
    const [left] = await db.query<{ n: number }>(
      'select count(*)::int as n from runs where mission_id = $1',
      [mission.id],
    );
    expect(left?.n).to.equal(1);
    expect(await a.runs.findById(queued.id)).to.not.equal(undefined);
    const now = a.clock.now();
    const events = await purgedEvents(a, 'postgres', now, new Date(now.getTime() + 1));
    expect(events.reduce((sum, e) => sum + ((e as { runs?: number }).runs ?? 0), 0)).to.equal(2500);
    console.log(`      2,500 finished runs purged by two instances at once in batches of 100: ${ms} ms`);
  });
});
