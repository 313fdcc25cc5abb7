import { type Logger, pino } from 'pino';

export type { Logger };

/**
 * JSON logs on stdout. Redaction is a second line of defence: no code path should hand a secret to the
 * logger in the first place. Writes are asynchronous, so a slow stdout never blocks the event loop (lines
 * that arrive while a write is in flight go out together); `main` flushes before exiting.
 */
export function createLogger(level: string): Logger {
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
    pino.destination({ dest: 1, sync: false }),
  );
}
