import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/**
 * The master key of every app, container and server the tests start: they share one database, and a
 * background job of one (the outbound webhook dispatcher) meets the rows the others sealed.
 */
export const TEST_MASTER_KEY = randomBytes(32);

/**
 * Per-address budgets for every app and server the tests start. All tests share one database, and so the
 * PostgreSQL rate-limit counters of 127.0.0.1, whatever budget each app enforces: one started with the
 * production default (20 logins a minute) would answer 429 after the logins of the tests before it. A test
 * about throttling passes its own budget (and usually its own store).
 */
export const TEST_RATE_LIMITS: Readonly<Record<string, string>> = {
  API_RATE_LIMIT_PER_MINUTE: '10000000',
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  REFRESH_RATE_LIMIT_PER_MINUTE: '100000',
};

/**
 * Node's compile cache for the test process (test/support/hooks.ts turns it on) and for each Node process the
 * tests start: one started with a minimal environment passes this along. A process that loads the whole app
 * (the CLI, the server) then starts on cached code instead of parsing and stripping the types of every module
 * again: about half its start-up CPU. Node checks each entry against its source, so a change is never missed.
 */
export const TEST_COMPILE_CACHE: Readonly<Record<'NODE_COMPILE_CACHE', string>> = {
  NODE_COMPILE_CACHE:
    process.env.NODE_COMPILE_CACHE ??
    fileURLToPath(new URL('../../node_modules/.cache/node-compile-cache', import.meta.url)),
};
