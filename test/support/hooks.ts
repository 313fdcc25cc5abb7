import { installResponseChecks } from './openapi-responses.ts';
import { disposeTestDatabase } from './test-database.ts';
import { disposeTestRedis } from './test-redis.ts';

// Every answer of a test app is checked against the OpenAPI document it serves (see openapi-responses.ts).
installResponseChecks();

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(60000);
    await Promise.all([disposeTestDatabase(), disposeTestRedis()]);
  },
};
