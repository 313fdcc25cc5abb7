import { availableParallelism } from 'node:os';
import { parseOptions } from '@node-rs/argon2';
import { expect } from 'chai';
import { Argon2PasswordHasher } from '../../../../../src/adapters/identity/crypto/argon2-password-hasher.ts';
import {
  parseScryptHash,
  ScryptPasswordHasher,
} from '../../../../../src/adapters/identity/crypto/scrypt-password-hasher.ts';
import { BoundedQueue } from '../../../../../src/adapters/platform/crypto/bounded-queue.ts';
import { HashingWorkers } from '../../../../../src/adapters/platform/crypto/hashing-workers.ts';
import type { PasswordHasher } from '../../../../../src/application/identity/ports/password-hasher.ts';
import { ServiceUnavailable } from '../../../../../src/domain/kernel/errors.ts';
import { rejectionOf } from '../../../../support/fail.ts';

/** The rejection of `promise` (fails the test when it fulfils). */
const rejection = (promise: Promise<unknown>) => rejectionOf(promise, Error);

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets every already-settled promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

// Cheap parameters keep the suite fast; the defaults are exercised once per adapter below.
const cheapArgon2 = (queue?: BoundedQueue, workers?: HashingWorkers) =>
  new Argon2PasswordHasher({
    memoryCost: 1024,
    timeCost: 1,
    parallelism: 1,
    ...(queue ? { queue } : {}),
    ...(workers ? { workers } : {}),
  });
const cheapScrypt = (queue?: BoundedQueue, workers?: HashingWorkers) =>
  new ScryptPasswordHasher({ logN: 10, ...(queue ? { queue } : {}), ...(workers ? { workers } : {}) });

interface Subject {
  readonly name: string;
  /** The adapter under test, with cheap parameters. */
  readonly make: (queue?: BoundedQueue, workers?: HashingWorkers) => PasswordHasher;
  /** The same algorithm with other (weaker) parameters. */
  readonly weaker: PasswordHasher;
  /** The other adapter. */
  readonly other: PasswordHasher;
  /** Well-formed-looking strings of this adapter's format that are not valid hashes. */
  readonly malformed: readonly string[];
}

const subjects: Subject[] = [
  {
    name: 'Argon2PasswordHasher',
    make: cheapArgon2,
    weaker: new Argon2PasswordHasher({ memoryCost: 512, timeCost: 1, parallelism: 1 }),
    other: cheapScrypt(),
    malformed: [
      '$argon2id$',
      '$argon2id$v=19$m=1024,t=1,p=1$garbage',
      '$argon2id$v=19$m=1024,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$!!!!',
      '$argon2xx$v=19$m=1024,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$c29tZWhhc2hzb21laGFzaHNvbWVoYXNoc29tZWhhc2g',
    ],
  },
  {
    name: 'ScryptPasswordHasher',
    make: cheapScrypt,
    weaker: new ScryptPasswordHasher({ logN: 9 }),
    other: cheapArgon2(),
    malformed: [
      '$scrypt$',
      '$scrypt$ln=10,r=8,p=1$xx$yy',
      '$scrypt$ln=0,r=8,p=1$c29tZXNhbHRzb21lc2FsdA$c29tZWhhc2hzb21laGFzaHNvbWVoYXNoc29tZWhhc2g',
      // Parameters past the verify bound (2^40 blocks) are refused, not computed.
      '$scrypt$ln=40,r=8,p=1$c29tZXNhbHRzb21lc2FsdA$c29tZWhhc2hzb21laGFzaHNvbWVoYXNoc29tZWhhc2g',
    ],
  },
];

for (const subject of subjects) {
  describe(`PasswordHasher contract: ${subject.name}`, () => {
    const hasher = subject.make();

    it('verifies the password it hashed', async () => {
      const hash = await hasher.hash('correct horse battery staple');
      expect(await hasher.verify(hash, 'correct horse battery staple')).to.equal(true);
    });

    it('refuses a wrong password', async () => {
      const hash = await hasher.hash('correct horse battery staple');
      expect(await hasher.verify(hash, 'correct horse battery stapler')).to.equal(false);
      expect(await hasher.verify(hash, '')).to.equal(false);
    });

    it('answers false, without throwing, for malformed or tampered hashes', async () => {
      const good = await hasher.hash('correct horse battery staple');
      const malformed = [
        '',
        'not a hash',
        '$',
        '$$$$',
        'correct horse battery staple',
        good.slice(0, -4),
        `${good}x`,
        ...subject.malformed,
      ];
      for (const candidate of malformed) {
        expect(await hasher.verify(candidate, 'correct horse battery staple'), candidate).to.equal(false);
        expect(hasher.needsRehash(candidate), candidate).to.equal(true);
      }
      // Well-formed with the current parameters, but its last characters changed: no rehash, no match.
      const tampered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BA' : 'AA'}`;
      expect(await hasher.verify(tampered, 'correct horse battery staple')).to.equal(false);
      expect(hasher.needsRehash(tampered)).to.equal(false);
    });

    it('gives two hashes of one password different salts', async () => {
      const first = await hasher.hash('same password twice');
      const second = await hasher.hash('same password twice');
      expect(first).to.not.equal(second);
      expect(await hasher.verify(first, 'same password twice')).to.equal(true);
      expect(await hasher.verify(second, 'same password twice')).to.equal(true);
    });

    it('handles non-ASCII passwords byte-exactly', async () => {
      const password = 'pässwörd-密码-🔑-Ωμέγα';
      const hash = await hasher.hash(password);
      expect(await hasher.verify(hash, password)).to.equal(true);
      expect(await hasher.verify(hash, 'passwörd-密码-🔑-Ωμέγα')).to.equal(false);
      expect(await hasher.verify(hash, 'pässwörd-密码-🔒-Ωμέγα')).to.equal(false);
    });

    it('does not ask to rehash its own current hash', async () => {
      expect(hasher.needsRehash(await hasher.hash('a password'))).to.equal(false);
    });

    it('asks to rehash a hash made with other (weaker) parameters, which still verifies', async () => {
      const old = await subject.weaker.hash('a password');
      expect(hasher.needsRehash(old)).to.equal(true);
      expect(await hasher.verify(old, 'a password')).to.equal(true);
    });

    it("verifies the other adapter's hashes (no lock-out on a switch) and asks to rehash them", async () => {
      const foreign = await subject.other.hash('migrating user');
      expect(await hasher.verify(foreign, 'migrating user')).to.equal(true);
      expect(await hasher.verify(foreign, 'someone else')).to.equal(false);
      expect(hasher.needsRehash(foreign)).to.equal(true);
    });

    it('lets a refusal of its queue through as ServiceUnavailable rather than answering false', async () => {
      const queue = new BoundedQueue({ concurrency: 1, maxWaitMs: 10 });
      const queued = subject.make(queue);
      const hash = await queued.hash('a password');
      const hold = deferred();
      const holder = queue.run(() => hold.promise);
      const verifyError = await rejection(queued.verify(hash, 'a password'));
      const hashError = await rejection(queued.hash('a password'));
      hold.resolve();
      await holder;
      expect(verifyError).to.be.instanceOf(ServiceUnavailable);
      expect(hashError).to.be.instanceOf(ServiceUnavailable);
      expect(await queued.verify(hash, 'a password')).to.equal(true);
    });

    it('lets a hashing thread lost mid-hash through as ServiceUnavailable rather than answering false', async () => {
      // A hash slow to check (about 0.1 s), so that the thread is closed while it works.
      const slow = subject.name.startsWith('Argon2')
        ? new Argon2PasswordHasher({ memoryCost: 65536, timeCost: 3, parallelism: 1 })
        : new ScryptPasswordHasher({ logN: 16 });
      const hash = await slow.hash('a password');
      const workers = new HashingWorkers();
      const verifying = rejection(subject.make(undefined, workers).verify(hash, 'a password'));
      await settle();
      await workers.close();
      expect(await verifying).to.be.instanceOf(ServiceUnavailable);
    });
  });
}

describe('Argon2PasswordHasher with its default parameters', () => {
  it('hashes with argon2id v19, m=19456 KiB, t=2, p=1, a 16-byte salt and a 32-byte output', async () => {
    const hasher = new Argon2PasswordHasher();
    const hash = await hasher.hash('correct horse battery staple');
    expect(hash).to.match(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(parseOptions(hash)).to.include({ saltLen: 16, outputLen: 32 });
    expect(await hasher.verify(hash, 'correct horse battery staple')).to.equal(true);
    expect(await hasher.verify(hash, 'Correct horse battery staple')).to.equal(false);
    expect(hasher.needsRehash(hash)).to.equal(false);
    expect(cheapArgon2().needsRehash(hash)).to.equal(true);
  });

  it('asks to rehash argon2i, argon2d and other versions or parameters', () => {
    const hasher = new Argon2PasswordHasher();
    const tail = 'c29tZXNhbHRzb21lc2FsdA$c29tZWhhc2hzb21laGFzaHNvbWVoYXNoc29tZWhhc2g';
    expect(hasher.needsRehash(`$argon2id$v=19$m=19456,t=2,p=1$${tail}`)).to.equal(false);
    for (const other of [
      `$argon2i$v=19$m=19456,t=2,p=1$${tail}`,
      `$argon2d$v=19$m=19456,t=2,p=1$${tail}`,
      `$argon2id$v=16$m=19456,t=2,p=1$${tail}`,
      `$argon2id$v=19$m=65536,t=2,p=1$${tail}`,
      `$argon2id$v=19$m=19456,t=1,p=1$${tail}`,
      `$argon2id$v=19$m=19456,t=2,p=2$${tail}`,
      `$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$${tail.split('$')[1]}`,
    ]) {
      expect(hasher.needsRehash(other), other).to.equal(true);
    }
  });
});

describe('ScryptPasswordHasher with its default parameters', () => {
  it('hashes with N=2^17, r=8, p=1, a 16-byte salt and a 32-byte key (maxmem large enough)', async () => {
    const hasher = new ScryptPasswordHasher();
    const hash = await hasher.hash('correct horse battery staple');
    expect(hash).to.match(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const parsed = parseScryptHash(hash);
    expect(parsed?.salt.length).to.equal(16);
    expect(parsed?.key.length).to.equal(32);
    expect(await hasher.verify(hash, 'correct horse battery staple')).to.equal(true);
    expect(hasher.needsRehash(hash)).to.equal(false);
    expect(hasher.needsRehash(hash.replace('r=8', 'r=4'))).to.equal(true);
    expect(hasher.needsRehash(hash.replace('p=1', 'p=2'))).to.equal(true);
    expect(cheapScrypt().needsRehash(hash)).to.equal(true);
  });
});

describe('password hasher options', () => {
  it('refuses parameters out of range', () => {
    expect(() => new Argon2PasswordHasher({ memoryCost: 0 })).to.throw(RangeError);
    expect(() => new Argon2PasswordHasher({ memoryCost: 8, parallelism: 2 })).to.throw(RangeError);
    expect(() => new Argon2PasswordHasher({ timeCost: 1.5 })).to.throw(RangeError);
    expect(() => new ScryptPasswordHasher({ logN: 0 })).to.throw(RangeError);
    // 2^20 * 8 * 128 bytes = 1 GiB, more than a verify would ever compute.
    expect(() => new ScryptPasswordHasher({ logN: 20 })).to.throw(RangeError);
  });
});

describe('BoundedQueue', () => {
  it('defaults to one slot per available core, a 2 s wait and 64 waiters per slot', () => {
    const queue = new BoundedQueue();
    expect(queue.concurrency).to.equal(availableParallelism());
    expect(queue.maxWaitMs).to.equal(2000);
    expect(queue.maxWaiting).to.equal(64 * availableParallelism());
  });

  it('refuses nonsensical options', () => {
    expect(() => new BoundedQueue({ concurrency: 0 })).to.throw(RangeError);
    expect(() => new BoundedQueue({ concurrency: 1.5 })).to.throw(RangeError);
    expect(() => new BoundedQueue({ maxWaitMs: -1 })).to.throw(RangeError);
    expect(() => new BoundedQueue({ maxWaiting: -1 })).to.throw(RangeError);
  });

  it('never runs more than its concurrency at once, and starts waiting jobs in order', async () => {
    const queue = new BoundedQueue({ concurrency: 3, maxWaitMs: 60_000 });
    const gates = Array.from({ length: 20 }, () => deferred());
    const started: number[] = [];
    let current = 0;
    let peak = 0;
    const results = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        current++;
        peak = Math.max(peak, current);
        await gate.promise;
        current--;
        return index;
      }),
    );
    await settle();
    expect(started).to.deep.equal([0, 1, 2]);
    expect(queue.running).to.equal(3);
    expect(queue.waiting).to.equal(17);
    // Finish jobs out of order, a few at a time.
    for (const index of [1, 0, 2, 5, 3, 4, 8, 7, 6, 9, 10, 11, 14, 13, 12, 15, 16, 17, 19, 18]) {
      gates[index]!.resolve();
      await settle();
      expect(current).to.be.at.most(3);
    }
    expect(await Promise.all(results)).to.deep.equal(gates.map((_, index) => index));
    expect(peak).to.equal(3);
    expect(started).to.deep.equal(gates.map((_, index) => index));
    expect(queue.running).to.equal(0);
    expect(queue.waiting).to.equal(0);
  });

  it('throws ServiceUnavailable, not running the job, when no slot frees up within the wait', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaitMs: 20, retryAfterSeconds: 2 });
    const hold = deferred();
    const holder = queue.run(() => hold.promise);
    let ran = false;
    const error = await rejection(
      queue.run(async () => {
        ran = true;
      }),
    );
    expect(error).to.be.instanceOf(ServiceUnavailable);
    expect(error).to.include({ kind: 'unavailable', code: 'service_unavailable', retryAfterSeconds: 2 });
    expect(ran).to.equal(false);
    expect(queue.waiting).to.equal(0);
    hold.resolve();
    await holder;
    expect(queue.running).to.equal(0);
    expect(await queue.run(async () => 'free again')).to.equal('free again');
  });

  it('refuses at once when the waiting line is full', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaitMs: 60_000, maxWaiting: 2 });
    const hold = deferred();
    const holder = queue.run(() => hold.promise);
    const waiters = [queue.run(async () => 'a'), queue.run(async () => 'b')];
    expect(queue.waiting).to.equal(2);
    let ran = false;
    const error = await rejection(
      queue.run(async () => {
        ran = true;
      }),
    );
    expect(error).to.be.instanceOf(ServiceUnavailable);
    expect(error).to.have.property('retryAfterSeconds', 1);
    expect(ran).to.equal(false);
    // The refusal came while the slot was still held: it did not wait.
    expect(queue.running).to.equal(1);
    hold.resolve();
    await holder;
    expect(await Promise.all(waiters)).to.deep.equal(['a', 'b']);
  });

  it('frees the slot of a job that throws', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaitMs: 60_000 });
    const failing = queue.run(async () => {
      throw new Error('boom');
    });
    const next = queue.run(async () => 'next');
    expect(await rejection(failing)).to.have.property('message', 'boom');
    expect(await next).to.equal('next');
    expect(queue.running).to.equal(0);
  });
});
