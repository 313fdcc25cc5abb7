import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Conflict } from '../../../src/domain/kernel/errors.ts';
import { parseWorkerEvents, RunEventLimitExceeded } from '../../../src/domain/runs/run-event.ts';
import { at, describeContract, seedMission, seedRun, seedUser } from '../../support/persistence-world.ts';

const WORKER = 'worker-session-1';
const logs = (count: number, message = 'line') =>
  parseWorkerEvents(
    Array.from({ length: count }, (_, i) => ({ type: 'log', message: `${message} ${i}` })),
    at(5),
  );

describeContract('RunEventRepository', (world) => {
  async function runningRun() {
    const { workspace } = await seedUser(world);
    const run = await seedRun(world, await seedMission(world, workspace.id));
    await world.runs.update(run.id, (r) => r.claim(WORKER, at(1), 60));
    return run;
  }
  const holder = (r: { assertHeldBy(w: string, now: Date): void }) => r.assertHeldBy(WORKER, at(5));

  it('logs every state change as a status event and numbers appends after them, without gaps', async () => {
    const run = await runningRun();
    expect(await world.runEvents.lastSeq(run.id)).to.equal(2);
    expect(await world.runEvents.append(run.id, logs(3), holder)).to.deep.equal({ seqFrom: 3, seqTo: 5 });
    await world.runs.update(run.id, (r) =>
      r.complete(WORKER, { status: 'failed', error: { message: 'no' } }, at(9)),
    );
    const events = await world.runEvents.list(run.id, 0, 50);
    expect(events.map((e) => [e.seq, e.type, e.message])).to.deep.equal([
      [1, 'status', 'queued'],
      [2, 'status', 'running'],
      [3, 'log', 'line 0'],
      [4, 'log', 'line 1'],
      [5, 'log', 'line 2'],
      [6, 'status', 'failed'],
    ]);
    expect(events[5]).to.deep.include({
      runId: run.id,
      level: null,
      at: at(9),
      data: { status: 'failed', attempt: 1, error: { message: 'no' } },
    });
    expect(events[2]).to.deep.include({ at: at(5), data: null, level: null });
    expect((await world.runEvents.list(run.id, 4, 1)).map((e) => e.seq)).to.deep.equal([5]);
    expect(await world.runEvents.lastSeq(randomUUID())).to.equal(0);
  });

  it('stores nothing when authorize refuses, and answers undefined for an unknown run', async () => {
    const run = await runningRun();
    const refused = await world.runEvents
      .append(run.id, logs(2), (r) => r.assertHeldBy('someone else', at(5)))
      .catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(Conflict);
    expect(await world.runEvents.lastSeq(run.id)).to.equal(2);
    expect(await world.runEvents.append(randomUUID(), logs(1), holder)).to.equal(undefined);
  });

  it('refuses a batch past 10,000 worker events per run; status events are not counted', async () => {
    const run = await runningRun();
    for (let i = 0; i < 100; i++) await world.runEvents.append(run.id, logs(100), holder);
    const over = await world.runEvents.append(run.id, logs(1), holder).catch((e: unknown) => e);
    expect(over).to.be.instanceOf(RunEventLimitExceeded);
    expect(await world.runEvents.lastSeq(run.id)).to.equal(10_002);
    await world.runs.update(run.id, (r) => r.cancel(at(6)));
    expect(await world.runEvents.lastSeq(run.id)).to.equal(10_003);
  });

  it('purges a run’s events with it', async () => {
    const run = await runningRun();
    await world.runEvents.append(run.id, logs(2), holder);
    await world.runs.update(run.id, (r) => r.cancel(at(6)));
    await world.missions.delete(run.missionId as string);
    expect(await world.runEvents.list(run.id, 0, 50)).to.deep.equal([]);
  });
});
