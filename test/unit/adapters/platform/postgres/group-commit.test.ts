import { AsyncLocalStorage } from 'node:async_hooks';
import { expect } from 'chai';
import { GroupCommit } from '../../../../../src/adapters/platform/postgres/group-commit.ts';
import { currentWaitBudget } from '../../../../../src/adapters/platform/system/wait-budget.ts';

/** A commit the test finishes by hand: every call is recorded with its items and its own settle functions. */
function manualCommits() {
  const calls: { items: readonly string[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const commit = (items: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ items, finish: () => resolve(items.map((item) => `stored ${item}`)), fail: reject });
    });
  return { calls, commit };
}

/** Lets every pending callback run (no timers: the group commit waits for none). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error) => Object.assign(state, { error, done: true }),
  );
  return state;
}

describe('GroupCommit', () => {
  it('commits an item at once when idle, and those arriving meanwhile together in the next commit', async () => {
    const { calls, commit } = manualCommits();
    const group = new GroupCommit({ commit, maxBatch: 10, failsAll: () => false });
    const first = track(group.submit('a'));
    const later = ['b', 'c', 'd'].map((item) => track(group.submit(item)));
    await settle();
    expect(calls.map((call) => call.items)).to.deep.equal([['a']]);

    calls[0]?.finish();
    await settle();
    expect(first).to.deep.include({ done: true, value: 'stored a' });
    expect(later.every((state) => !state.done)).to.equal(true);
    expect(calls.map((call) => call.items)).to.deep.equal([['a'], ['b', 'c', 'd']]);

    calls[1]?.finish();
    await settle();
    expect(later.map((state) => state.value)).to.deep.equal(['stored b', 'stored c', 'stored d']);
  });

  it('takes at most maxBatch items per commit', async () => {
    const { calls, commit } = manualCommits();
    const group = new GroupCommit({ commit, maxBatch: 2, failsAll: () => false });
    const all = ['a', 'b', 'c', 'd', 'e'].map((item) => group.submit(item));
    for (let n = 0; n < 3; n++) {
      await settle();
      calls[n]?.finish();
    }
    expect(await Promise.all(all)).to.have.lengthOf(5);
    expect(calls.map((call) => call.items)).to.deep.equal([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('with maxInFlight above 1, starts a batch while another commits, and answers each after its own commit', async () => {
    const { calls, commit } = manualCommits();
    const group = new GroupCommit({ commit, maxBatch: 10, maxInFlight: 2, failsAll: () => false });
    const first = track(group.submit('a'));
    const second = track(group.submit('b'));
    const queued = ['c', 'd', 'e'].map((item) => track(group.submit(item)));
    await settle();
    expect(calls.map((call) => call.items)).to.deep.equal([['a'], ['b']]);

    // The second batch commits first: only its member is answered; the first is still in flight.
    calls[1]?.finish();
    await settle();
    expect(second).to.deep.include({ done: true, value: 'stored b' });
    expect(first.done).to.equal(false);
    expect(queued.every((state) => !state.done)).to.equal(true);
    // Its slot took everything queued meanwhile, while the first batch is still committing.
    expect(calls.map((call) => call.items)).to.deep.equal([['a'], ['b'], ['c', 'd', 'e']]);

    const late = track(group.submit('f'));
    await settle();
    expect(calls).to.have.lengthOf(3); // both slots busy: f waits
    calls[0]?.finish();
    await settle();
    expect(first).to.deep.include({ done: true, value: 'stored a' });
    expect(calls.map((call) => call.items)).to.deep.equal([['a'], ['b'], ['c', 'd', 'e'], ['f']]);
    calls[2]?.fail(new Error('constraint violated'));
    await settle();
    expect(queued.every((state) => !state.done)).to.equal(true); // a failed batch acknowledges nothing
    calls[3]?.finish();
    for (let n = 4; n < 7; n++) {
      await settle();
      calls[n]?.finish();
    }
    await settle();
    expect(late).to.deep.include({ done: true, value: 'stored f' });
    expect(queued.map((state) => state.value)).to.deep.equal(['stored c', 'stored d', 'stored e']);
    expect(calls.slice(4).map((call) => call.items)).to.deep.equal([['c'], ['d'], ['e']]);
  });

  it('never has more than maxInFlight batches committing', async () => {
    let inFlight = 0;
    let most = 0;
    const group = new GroupCommit({
      commit: async (items: readonly string[]) => {
        most = Math.max(most, ++inFlight);
        await settle();
        inFlight--;
        return [...items];
      },
      maxBatch: 3,
      maxInFlight: 3,
      failsAll: () => false,
    });
    const all = Array.from({ length: 50 }, (_, n) => group.submit(String(n)));
    expect(await Promise.all(all)).to.have.lengthOf(50);
    expect(most).to.equal(3);
  });

  it('acknowledges nothing of a failed batch, then tries each member alone so only the faulty one fails', async () => {
    const { calls, commit } = manualCommits();
    const group = new GroupCommit({ commit, maxBatch: 10, failsAll: () => false });
    const blocker = group.submit('a');
    const members = ['b', 'bad', 'c'].map((item) => track(group.submit(item)));
    await settle();
    calls[0]?.finish();
    await blocker;
    await settle();
    calls[1]?.fail(new Error('constraint violated'));
    await settle();
    expect(members.every((state) => !state.done)).to.equal(true);
    for (let n = 2; n < 5; n++) {
      const call = calls[n];
      if (call?.items[0] === 'bad') call.fail(new Error('constraint violated'));
      else call?.finish();
      await settle();
    }
    expect(calls.slice(2).map((call) => call.items)).to.deep.equal([['b'], ['bad'], ['c']]);
    expect(members.map((state) => state.value ?? (state.error as Error).message)).to.deep.equal([
      'stored b',
      'constraint violated',
      'stored c',
    ]);
  });

  it('fails a whole batch at once, with no retries, on an error no retry avoids', async () => {
    const { calls, commit } = manualCommits();
    const unreachable = new Error('database unreachable');
    const group = new GroupCommit({ commit, maxBatch: 10, failsAll: (error) => error === unreachable });
    const blocker = group.submit('a');
    const members = ['b', 'c'].map((item) => track(group.submit(item)));
    await settle();
    calls[0]?.finish();
    await blocker;
    await settle();
    calls[1]?.fail(unreachable);
    await settle();
    expect(members.map((state) => state.error)).to.deep.equal([unreachable, unreachable]);
    expect(calls).to.have.lengthOf(2);
  });

  it('answers those queued behind a batch the database failed at once, not a batch later', async () => {
    const { calls, commit } = manualCommits();
    const unreachable = new Error('database unreachable');
    const group = new GroupCommit({ commit, maxBatch: 10, failsAll: (error) => error === unreachable });
    const first = track(group.submit('a'));
    const queued = ['b', 'c'].map((item) => track(group.submit(item)));
    await settle();
    calls[0]?.fail(unreachable);
    await settle();
    expect([first, ...queued].map((state) => state.error)).to.deep.equal([
      unreachable,
      unreachable,
      unreachable,
    ]);
    expect(calls).to.have.lengthOf(1);
  });

  it('runs each batch under a wait budget of its own when given one (the requests it serves cannot lend theirs)', async () => {
    const budgets: (number | undefined)[] = [];
    const group = new GroupCommit({
      commit: async (items: readonly string[]) => {
        budgets.push(currentWaitBudget()?.remainingMs());
        return [...items];
      },
      maxBatch: 10,
      failsAll: () => false,
      budgetMs: 1500,
    });
    await group.submit('a');
    expect(budgets).to.deep.equal([1500]);
  });

  it('commits outside the context of whoever submitted first', async () => {
    const context = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const group = new GroupCommit({
      commit: async (items: readonly string[]) => {
        seen.push(context.getStore());
        return [...items];
      },
      maxBatch: 10,
      failsAll: () => false,
    });
    await context.run('a transaction of the caller', () => group.submit('a'));
    expect(seen).to.deep.equal([undefined]);
  });

  it('commits outside the context it was made in (a singleton built lazily inside a transaction)', async () => {
    const context = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const group = context.run(
      'the transaction it was made in',
      () =>
        new GroupCommit({
          commit: async (items: readonly string[]) => {
            seen.push(context.getStore());
            return [...items];
          },
          maxBatch: 10,
          failsAll: () => false,
        }),
    );
    await group.submit('a');
    expect(seen).to.deep.equal([undefined]);
  });
});
