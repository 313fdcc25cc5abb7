import { expect } from 'chai';
import {
  currentWaitBudget,
  WaitBudget,
  withWaitBudget,
} from '../../../../../src/adapters/platform/system/wait-budget.ts';

describe('WaitBudget', () => {
  let now = 0;
  const clock = () => now;
  const pending = () => {
    let settle: () => void = () => {};
    const wait = new Promise<void>((resolve) => (settle = resolve));
    return { wait, settle };
  };
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => {
    now = 1000;
  });

  it('counts only the time a wait is in flight, not the time between waits', async () => {
    const budget = new WaitBudget(500, clock);
    const first = pending();
    budget.track(first.wait);
    now += 200;
    expect(budget.remainingMs()).to.equal(300);
    first.settle();
    await turn();
    now += 10_000; // on the CPU, say in the password hash queue
    expect(budget.remainingMs()).to.equal(300);
    const second = pending();
    budget.track(second.wait);
    now += 350;
    expect(budget.remainingMs()).to.equal(-50);
  });

  it('counts waits running side by side once', async () => {
    const budget = new WaitBudget(500, clock);
    const a = pending();
    const b = pending();
    budget.track(a.wait);
    now += 100;
    budget.track(b.wait);
    now += 100;
    a.settle();
    await turn();
    now += 100;
    b.settle();
    await turn();
    expect(budget.remainingMs()).to.equal(200);
  });

  it("hands the caller a failed wait's failure", async () => {
    const budget = new WaitBudget(500, clock);
    await budget.track(Promise.reject(new Error('down'))).then(
      () => expect.fail('resolved'),
      (error: Error) => expect(error.message).to.equal('down'),
    );
  });

  it('is the current budget inside the work only, and closes with it', async () => {
    expect(currentWaitBudget()).to.equal(undefined);
    let inside: WaitBudget | undefined;
    let left: Promise<WaitBudget | undefined> | undefined;
    await withWaitBudget(750, async () => {
      inside = currentWaitBudget();
      left = new Promise((resolve) => setTimeout(() => resolve(currentWaitBudget()), 5));
    });
    expect(inside?.remainingMs()).to.equal(750);
    expect(inside?.open).to.equal(false);
    expect(await left).to.equal(undefined);
  });
});
