// A thread of HashingWorkers: password hashes run here one after another, synchronously, each as soon as the
// last one ends (the next one is already waiting in this thread's inbox), at a lower priority than the event loop.
import { type ScryptOptions, scryptSync } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { type Options as Argon2Options, hashSync, verifySync } from '@node-rs/argon2';

export type HashJob =
  | { readonly kind: 'argon2-hash'; readonly password: string; readonly options: Argon2Options }
  | { readonly kind: 'argon2-verify'; readonly hash: string; readonly password: string }
  | {
      readonly kind: 'scrypt';
      readonly password: string;
      readonly salt: Uint8Array;
      readonly keyBytes: number;
      readonly options: ScryptOptions;
    };

export interface HashRequest {
  readonly id: number;
  readonly job: HashJob;
}

export type HashAnswer =
  | { readonly id: number; readonly value: string | boolean | Uint8Array }
  | { readonly id: number; readonly error: string };

export interface HashingWorkerData {
  /** The nice value this thread runs at (Linux: a thread's own priority, set through its thread id). */
  readonly niceness: number;
}

function run(job: HashJob): string | boolean | Uint8Array {
  switch (job.kind) {
    case 'argon2-hash':
      return hashSync(job.password, job.options);
    case 'argon2-verify':
      return verifySync(job.hash, job.password);
    case 'scrypt':
      return scryptSync(job.password, job.salt, job.keyBytes, job.options);
  }
}

// On Linux `/proc/thread-self` names this thread (`<pid>/task/<tid>`) and setpriority on a thread id applies to that
// thread alone. Elsewhere (or where it is refused) the thread keeps the process's priority.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  setPriority(tid, (workerData as HashingWorkerData).niceness);
} catch {}

const port = parentPort;
if (!port) throw new Error('hashing-worker.ts runs as a worker thread');
port.on('message', ({ id, job }: HashRequest) => {
  let answer: HashAnswer;
  try {
    answer = { id, value: run(job) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
