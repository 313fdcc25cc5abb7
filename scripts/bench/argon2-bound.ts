// The argon2id bound of this machine: password verifications per second with the server's own hasher, hashing
// parameters and concurrency, run in a process of its own. Usage: node scripts/bench/argon2-bound.ts <seconds>;
// prints {"verifications_per_second": N, "concurrency": C} as one JSON line.
import { Argon2PasswordHasher } from '../../src/adapters/identity/crypto/argon2-password-hasher.ts';
import { BoundedQueue } from '../../src/adapters/platform/crypto/bounded-queue.ts';
import { HashingWorkers } from '../../src/adapters/platform/crypto/hashing-workers.ts';
import { HASHES_PER_THREAD, hashingConcurrency } from '../../src/composition/identity.ts';

const seconds = Number(process.argv[2] ?? 5);
const threads = hashingConcurrency();
const workers = new HashingWorkers({ threads });
const hasher = new Argon2PasswordHasher({
  queue: new BoundedQueue({ concurrency: HASHES_PER_THREAD * threads }),
  workers,
});
const hash = await hasher.hash('bench passphrase 123');
await hasher.verify(hash, 'bench passphrase 123');

let verified = 0;
const started = performance.now();
const until = started + seconds * 1000;
// As many verifications in flight as the queue hands to the threads at once: always full, never refusing.
await Promise.all(
  Array.from({ length: HASHES_PER_THREAD * threads }, async () => {
    while (performance.now() < until) {
      if (!(await hasher.verify(hash, 'bench passphrase 123'))) throw new Error('verification failed');
      verified++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
await workers.close();
console.log(
  JSON.stringify({ verifications_per_second: Math.round(verified / elapsed), concurrency: threads }),
);
