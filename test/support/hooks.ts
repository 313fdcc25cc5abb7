import { disposeTestDatabase } from './test-database.ts';
import { disposeTestRedis } from './test-redis.ts';

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(60000);
    await Promise.all([disposeTestDatabase(), disposeTestRedis()]);
  },
};
