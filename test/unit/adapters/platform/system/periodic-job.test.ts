import { expect } from 'chai';
import { PeriodicJob } from '../../../../../src/adapters/platform/system/periodic-job.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PeriodicJob', () => {
  it('runs one at a time: a run asked for while one is in progress joins it', async () => {
    let started = 0;
    let release: () => void = () => {};
    const job = new PeriodicJob(
      async () => {
        started++;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return started;
      },
      0,
      'test',
    );
    const first = job.run();
    const second = job.run();
    release();
    expect(await Promise.all([first, second])).to.deep.equal([1, 1]);
    expect(started).to.equal(1);
  });

  it('ticks every interval once started, and stop waits for the run in progress and ends the ticks', async () => {
    let runs = 0;
    const job = new PeriodicJob(
      async () => {
        runs++;
        await tick(30);
      },
      10,
      'test',
    );
    job.start({ runNow: true });
    await tick(100);
    await job.stop();
    const stoppedAt = runs;
    expect(stoppedAt).to.be.within(2, 10);
    await tick(50);
    expect(runs).to.equal(stoppedAt);
  });

  it('tells its health: ticking, the run in progress, when the last ended and whether it threw', async () => {
    let release: () => void = () => {};
    let fail = true;
    const job = new PeriodicJob(
      () =>
        new Promise<void>((resolve, reject) => {
          release = () => (fail ? reject(new Error('down')) : resolve());
        }),
      60_000,
      'sweeper',
    );
    expect(job.health()).to.deep.include({ name: 'sweeper', ticking: false, lastEndedAt: undefined });
    job.start({ runNow: true });
    expect(job.health().ticking).to.equal(true);
    expect(job.health().runningSince).to.be.instanceOf(Date);
    release();
    await tick(5);
    expect(job.health()).to.deep.include({ runningSince: undefined, lastFailed: true });
    expect(job.health().lastEndedAt).to.be.instanceOf(Date);
    fail = false;
    const run = job.run();
    release();
    await run;
    expect(job.health().lastFailed).to.equal(false);
    await job.stop();
    expect(job.health().ticking).to.equal(false);
  });

  it('does not tick with an interval of 0', async () => {
    let runs = 0;
    const job = new PeriodicJob(async () => runs++, 0, 'test');
    job.start({ runNow: true });
    await tick(20);
    expect(runs).to.equal(0);
  });
});
