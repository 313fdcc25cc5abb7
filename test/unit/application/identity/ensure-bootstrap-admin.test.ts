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

  it('succeeds on every instance started at once: one creates the user, the others find it', async () => {
    const app = await useCases();
    // Both look before either has stored the user (hashing the password lies between), as two servers started
    // together on one database do.
    const created = await Promise.all([app.ensureBootstrapAdmin(ADA), app.ensureBootstrapAdmin(ADA)]);
    expect(created.toSorted()).to.deep.equal([false, true]);
    expect((await app.users.list()).map((u) => u.username)).to.deep.equal(['ada']);
  });
});
