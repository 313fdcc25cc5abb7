import { type Logger, pino } from 'pino';

export type { Logger };

/** Lines are written once this many bytes of them wait, or every FLUSH_EVERY_MS (see `createLogger`). */
const BATCH_BYTES = 16 * 1024;
const FLUSH_EVERY_MS = 100;

/**
 * JSON logs on stdout. Redaction is a second line of defence: no code path should hand a secret to the
 * logger in the first place. Writes are asynchronous, so a slow stdout never blocks the event loop, and
 * batched: one write per BATCH_BYTES of lines (about 80 access-log lines; 4 KiB before issue 27's request-path
 * pass, whose dispatches were half of the access log's cost in `/healthz`'s profile) rather than a write per
 * line, which cost a system call on every request; a line waits FLUSH_EVERY_MS at most. `main` flushes before
 * exiting, and pino writes what waits synchronously when the process exits any other way.
 */
export function createLogger(level: string): Logger {
  // sonic-boom wants its largest write (16 KiB by default) above the batch.
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: BATCH_BYTES,
    maxWrite: 4 * BATCH_BYTES,
  });
  const batch = { destination, waiting: false };
  if (level !== 'silent') batching(batch);
  return pino(
    {
      level,
      base: undefined,
      hooks: {
        streamWrite: (line) => {
          batch.waiting = true;
          return line;
        },
      },
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

type Destination = ReturnType<typeof pino.destination>;
type Batch = { readonly destination: Destination; waiting: boolean };

/** The loggers' batches (one in a server; tests make more), flushed by one timer (pino flushes them at exit). */
const batches = new Set<Batch>();

function batching(batch: Batch): void {
  if (batches.size === 0) {
    setInterval(() => {
      for (const each of batches) {
        if (!each.waiting) continue;
        each.waiting = false;
        each.destination.flush();
      }
    }, FLUSH_EVERY_MS).unref();
  }
  batches.add(batch);
}
