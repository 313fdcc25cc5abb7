import { expect } from 'chai';
import { CacheInvalidation } from '../../../../../src/adapters/platform/caching/cache-invalidation.ts';
import { InvalidatedCache } from '../../../../../src/adapters/platform/caching/invalidated-cache.ts';

/** A source of values that counts its reads and can hold one back until told. */
class Source {
  readonly values = new Map<string, string>();
  reads = 0;

  load(key: string): () => Promise<string | undefined> {
    return async () => {
      this.reads++;
      return this.values.get(key);
    };
  }

  /** A load that reads now but answers only when `release` is called (a query in flight). */
  held(key: string): { load: () => Promise<string | undefined>; release: () => void } {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    return {
      load: async () => {
        this.reads++;
        const value = this.values.get(key);
        await answered;
        return value;
      },
      release,
    };
  }
}

describe('InvalidatedCache', () => {
  let invalidation: CacheInvalidation;
  let source: Source;
  let cache: InvalidatedCache<string>;

  beforeEach(() => {
    invalidation = new CacheInvalidation();
    invalidation.feedUp();
    source = new Source();
    source.values.set('a', 'A1');
    cache = new InvalidatedCache<string>({
      invalidation,
      maxEntries: 3,
      forget: (change, entries) => {
        if (change.kind === 'user') entries.delete(change.id);
        if (change.kind === 'workspace') entries.deleteWhere((value) => value.startsWith(change.id));
      },
    });
  });

  it('reads a key once, then answers from memory', async () => {
    expect(await cache.get('a', source.load('a'))).to.equal('A1');
    source.values.set('a', 'A2');
    expect(await cache.get('a', source.load('a'))).to.equal('A1');
    expect(source.reads).to.equal(1);
  });

  it('never keeps an absence', async () => {
    expect(await cache.get('b', source.load('b'))).to.equal(undefined);
    source.values.set('b', 'B1');
    expect(await cache.get('b', source.load('b'))).to.equal('B1');
    expect(source.reads).to.equal(2);
  });

  it('forgets what a change names, announced by the database or made here', async () => {
    await cache.get('a', source.load('a'));
    source.values.set('a', 'A2');
    invalidation.announced('user:a');
    expect(await cache.get('a', source.load('a'))).to.equal('A2');
    source.values.set('a', 'A3');
    invalidation.changedHere([{ kind: 'user', id: 'a' }]);
    expect(await cache.get('a', source.load('a'))).to.equal('A3');
    expect(source.reads).to.equal(3);
  });

  it('forgets the entries a change matches, and ignores what it does not know', async () => {
    source.values.set('x1', 'x-one');
    source.values.set('y1', 'y-one');
    await cache.get('x1', source.load('x1'));
    await cache.get('y1', source.load('y1'));
    invalidation.announced('workspace:x');
    invalidation.announced('nonsense:y');
    invalidation.announced('no colon');
    await cache.get('x1', source.load('x1'));
    await cache.get('y1', source.load('y1'));
    expect(source.reads).to.equal(3);
  });

  it('does not keep a load that was in flight when something was invalidated', async () => {
    const inFlight = source.held('a');
    const answer = cache.get('a', inFlight.load);
    source.values.set('a', 'A2');
    invalidation.announced('user:a');
    inFlight.release();
    expect(await answer).to.equal('A1');
    expect(await cache.get('a', source.load('a'))).to.equal('A2');
  });

  it('a change made in a transaction is forgotten again when the transaction ends', async () => {
    const ending: Array<() => void> = [];
    invalidation = new CacheInvalidation({ afterTransaction: (callback) => ending.push(callback) });
    invalidation.feedUp();
    cache = new InvalidatedCache<string>({
      invalidation,
      maxEntries: 3,
      forget: (change, entries) => entries.delete(change.id),
    });
    await cache.get('a', source.load('a'));
    invalidation.changedHere([{ kind: 'user', id: 'a' }]);
    // Before the commit another request reads the old row, and keeps it...
    expect(await cache.get('a', source.load('a'))).to.equal('A1');
    source.values.set('a', 'A2');
    // ...until the commit, after which the next request reads the new one.
    for (const callback of ending) callback();
    expect(await cache.get('a', source.load('a'))).to.equal('A2');
  });

  it('is bypassed while the feed is not live, and starts empty once it is again', async () => {
    await cache.get('a', source.load('a'));
    invalidation.feedDown();
    source.values.set('a', 'A2');
    expect(await cache.get('a', source.load('a'))).to.equal('A2');
    expect(await cache.get('a', source.load('a'))).to.equal('A2');
    expect(cache.size).to.equal(0);
    expect(source.reads).to.equal(3);
    invalidation.feedUp();
    source.values.set('a', 'A3');
    expect(await cache.get('a', source.load('a'))).to.equal('A3');
    expect(await cache.get('a', source.load('a'))).to.equal('A3');
    expect(source.reads).to.equal(4);
  });

  it('keeps nothing before the feed is first live', async () => {
    const fresh = new CacheInvalidation();
    const notYet = new InvalidatedCache<string>({ invalidation: fresh, maxEntries: 3, forget: () => {} });
    await notYet.get('a', source.load('a'));
    await notYet.get('a', source.load('a'));
    expect(source.reads).to.equal(2);
    expect(notYet.size).to.equal(0);
  });

  it('does not keep a load that was in flight when the feed went down and up again', async () => {
    const inFlight = source.held('a');
    const answer = cache.get('a', inFlight.load);
    invalidation.feedDown();
    invalidation.feedUp();
    inFlight.release();
    await answer;
    expect(cache.size).to.equal(0);
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    for (const key of ['k1', 'k2', 'k3']) source.values.set(key, key);
    await cache.get('a', source.load('a'));
    await cache.get('k1', source.load('k1'));
    await cache.get('k2', source.load('k2'));
    await cache.get('a', source.load('a')); // a is now the most recently used
    await cache.get('k3', source.load('k3')); // drops k1
    expect(cache.size).to.equal(3);
    expect(source.reads).to.equal(4);
    await cache.get('a', source.load('a'));
    await cache.get('k2', source.load('k2'));
    expect(source.reads).to.equal(4);
    await cache.get('k1', source.load('k1'));
    expect(source.reads).to.equal(5);
  });
});
