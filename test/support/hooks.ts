import { enableCompileCache } from 'node:module';
import { installResponseChecks } from './openapi-responses.ts';
import { disposeTestDatabase } from './test-database.ts';
import { disposeTestRedis } from './test-redis.ts';
import { TEST_COMPILE_CACHE } from './test-settings.ts';

// The test files and the app load on cached code, and so does every Node process that inherits the environment.
enableCompileCache(TEST_COMPILE_CACHE.NODE_COMPILE_CACHE);
process.env.NODE_COMPILE_CACHE = TEST_COMPILE_CACHE.NODE_COMPILE_CACHE;

// Every answer of a test app is checked against the OpenAPI document it serves (see openapi-responses.ts).
installResponseChecks();

/** How long each shared service may take to go away once every test has run. */
const DISPOSE_WITHIN_MS = 45_000;

/**
 * Disposes a shared service, at most `DISPOSE_WITHIN_MS`: cleanup that hangs after every test has run (seen once
 * on a loaded machine) is named in the output, not turned into a failed test; a cleanup that throws still fails.
 */
async function disposeWithin(name: string, dispose: () => Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DISPOSE_WITHIN_MS);
  });
  const outcome = await Promise.race([dispose(), late]);
  clearTimeout(timer);
  if (outcome === 'late')
    console.warn(`    ${name} was still being disposed after ${DISPOSE_WITHIN_MS} ms; left behind`);
}

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(DISPOSE_WITHIN_MS + 15_000);
    await Promise.all([
      disposeWithin('the test database', disposeTestDatabase),
      disposeWithin('the test Redis', disposeTestRedis),
    ]);
  },
};
