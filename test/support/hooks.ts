import { disposeTestDatabase } from './test-database.ts';

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(60000);
    await disposeTestDatabase();
  },
};
