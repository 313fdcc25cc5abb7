import { expect } from 'chai';
import { PeriodicJob } from '../../../../../src/adapters/platform/system/periodic-job.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PeriodicJob', () => {
  it('runs one at a time: a run asked for while one is in progress joins it', async () => {
    let started = 0;
    let release: () => void = () => {};
    const job = new PeriodicJob(async () => {
      started++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return started;
    }, 0);
    const first = job.run();
    const second = job.run();
    release();
    expect(await Promise.all([first, second])).to.deep.equal([1, 1]);
    expect(started).to.equal(1);
  });

  it('ticks every interval once started, and stop waits for the run in progress and ends the ticks', async () => {
    let runs = 0;
    const job = new PeriodicJob(async () => {
      runs++;
      await tick(30);
    }, 10);
    job.start({ runNow: true });
    await tick(100);
    await job.stop();
    const stoppedAt = runs;
    expect(stoppedAt).to.be.within(2, 10);
    await tick(50);
    expect(runs).to.equal(stoppedAt);
  });

  it('does not tick with an interval of 0', async () => {
    let runs = 0;
    const job = new PeriodicJob(async () => runs++, 0);
    job.start({ runNow: true });
    await tick(20);
    expect(runs).to.equal(0);
  });
});
