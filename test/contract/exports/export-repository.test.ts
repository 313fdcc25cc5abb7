import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ExportJob } from '../../../src/domain/exports/export-job.ts';
import { at, describeContract, seedUser } from '../../support/persistence-world.ts';

const exportOf = (workspaceId: string, createdAt: Date) =>
  ExportJob.queue({
    id: randomUUID(),
    workspaceId,
    kind: 'runs',
    format: 'csv',
    filter: { status: 'succeeded' },
    requestedBy: null,
    now: createdAt,
  });

describeContract('ExportRepository', (world) => {
  /** Takes every takeable export at `now` (leftovers of other suites included), with the lease ending at `until`. */
  async function takeAll(now: Date, until: Date): Promise<ExportJob[]> {
    const taken: ExportJob[] = [];
    for (;;) {
      const job = await world.exports.takeNext(now, (j) => j.take(now, until));
      if (!job) return taken;
      taken.push(job);
    }
  }

  it('stores an export and reads it back field for field', async () => {
    const { workspace } = await seedUser(world);
    const job = exportOf(workspace.id, at(0));
    await world.exports.add(job);
    expect(await world.exports.findById(job.id)).to.deep.equal(job);
    expect(await world.exports.findById(randomUUID())).to.equal(undefined);
  });

  it('hands each waiting export to one of several concurrent takers, oldest first', async () => {
    const { workspace } = await seedUser(world);
    const jobs = Array.from({ length: 6 }, (_, i) => exportOf(workspace.id, at(i)));
    for (const job of jobs) await world.exports.add(job);
    const takes = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map(() => world.exports.takeNext(at(100), (j) => j.take(at(100), at(160)))),
    );
    const mine = takes.filter((job) => job && jobs.some((j) => j.id === job.id)) as ExportJob[];
    mine.push(...(await takeAll(at(100), at(160))).filter((job) => jobs.some((j) => j.id === job.id)));
    expect(mine.map((j) => j.id)).to.have.members(jobs.map((j) => j.id));
    expect(new Set(mine.map((j) => j.id)).size).to.equal(jobs.length);
    for (const job of mine) {
      expect(job).to.deep.include({
        status: 'running',
        attempts: 1,
        startedAt: at(100),
        leaseExpiresAt: at(160),
      });
      job.succeed(randomUUID(), 0, at(101));
      // No file of that id: the PostgreSQL adapter's foreign key would refuse it, so no file is named.
      job.fileId = null;
      expect(await world.exports.finish(job)).to.equal(true);
    }
  });

  it('lets another taker start an export again once its lease ran out; the first attempt then holds nothing', async () => {
    const { workspace } = await seedUser(world);
    const job = exportOf(workspace.id, at(0));
    await world.exports.add(job);
    const first = (await takeAll(at(10), at(70))).find((j) => j.id === job.id) as ExportJob;
    expect(await world.exports.renewLease(first, at(90))).to.equal(true);
    expect((await takeAll(at(80), at(140))).map((j) => j.id)).to.not.include(job.id);
    const second = (await takeAll(at(90), at(150))).find((j) => j.id === job.id) as ExportJob;
    expect(second.attempts).to.equal(2);
    expect(await world.exports.renewLease(first, at(200))).to.equal(false);
    first.fail('late', at(95));
    expect(await world.exports.finish(first)).to.equal(false);
    second.fail('boom', at(96));
    expect(await world.exports.finish(second)).to.equal(true);
    expect(await world.exports.findById(job.id)).to.deep.include({
      status: 'failed',
      error: 'boom',
      attempts: 2,
      leaseExpiresAt: null,
      finishedAt: at(96),
    });
  });

  it('fails an export interrupted three times instead of starting it a fourth', async () => {
    const { workspace } = await seedUser(world);
    const job = exportOf(workspace.id, at(0));
    await world.exports.add(job);
    for (let attempt = 1; attempt <= 3; attempt++) await takeAll(at(attempt * 100), at(attempt * 100 + 60));
    const last = (await takeAll(at(400), at(460))).find((j) => j.id === job.id);
    expect(last).to.deep.include({ status: 'failed', attempts: 3 });
    expect(await world.exports.findById(job.id)).to.deep.include({ status: 'failed', finishedAt: at(400) });
  });
});
