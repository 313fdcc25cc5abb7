import { type Logger, pino } from 'pino';
import { LineBatch } from './line-batch.ts';

export type { Logger };

/** Lines are written once this many bytes of them wait, or every FLUSH_EVERY_MS (see `createLogger`). */
const BATCH_BYTES = 16 * 1024;
const FLUSH_EVERY_MS = 100;

/**
 * JSON logs on stdout. Redaction is a second line of defence: no code path should hand a secret to the
 * logger in the first place. Writes are asynchronous, so a slow stdout never blocks the event loop, and
 * batched (`LineBatch`): one write per BATCH_BYTES of lines (about 80 access-log lines) rather than a write per
 * line, which cost a system call on every request; a line waits FLUSH_EVERY_MS at most. `main` flushes before
 * exiting, and what waits is written synchronously when the process exits any other way.
 */
export function createLogger(level: string): Logger {
  // sonic-boom writes each batch it is handed at once (its own batching measures its whole pending text again on
  // every line it is given: see LineBatch); a minLength of 1 rather than 0 keeps its flush waiting for the write.
  const destination = new LineBatch(
    pino.destination({ dest: 1, sync: false, minLength: 1, maxWrite: 4 * BATCH_BYTES }),
    BATCH_BYTES,
  );
  if (level !== 'silent') batching(destination);
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          '*.password',
          '*.authorization',
          '*.cookie',
          '*.refresh_token',
          '*.access_token',
          '*.signing_secret',
          '*.secret',
          'req.headers',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** The loggers' batches (one in a server; tests make more), flushed by one timer and at exit. */
const batches = new Set<LineBatch>();

function batching(batch: LineBatch): void {
  if (batches.size === 0) {
    setInterval(() => {
      for (const each of batches) each.hand();
    }, FLUSH_EVERY_MS).unref();
    // After pino's own exit hook (registered with the first destination), which writes what sonic-boom holds.
    process.on('exit', () => {
      for (const each of batches) each.flushSync();
    });
  }
  batches.add(batch);
}
