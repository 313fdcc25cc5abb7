import { expect } from 'chai';
import { ADA, useCases } from '../../../support/test-container.ts';

describe('ensure bootstrap admin', () => {
  it('creates the configured user once, and leaves an existing one alone', async () => {
    const app = await useCases();
    const ensure = app.ensureBootstrapAdmin;
    expect(await ensure(ADA)).to.equal(true);
    expect(await ensure({ ...ADA, username: 'ADA', password: 'a different password' })).to.equal(false);
    const users = await app.users.list();
    expect(users.map((u) => u.username)).to.deep.equal(['ada']);
    await app.logIn({ usernameOrEmail: 'ada', password: ADA.password, ip: '192.0.2.1', userAgent: null });
  });
});
