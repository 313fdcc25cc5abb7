import { expect } from 'chai';
import { Conflict, InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import { ADA, useCases } from '../../../support/test-container.ts';

describe('register user', () => {
  it('stores canonical (NFKC, lower-case) username and e-mail', async () => {
    const app = await useCases();
    const user = await app.registerUser({ ...ADA, username: 'Ada', email: 'ＡＤＡ@Example.COM' });
    expect(user).to.include({ username: 'ada', email: 'ada@example.com', displayName: 'ada' });
  });

  it('refuses a username or e-mail taken in another case or Unicode form', async () => {
    const app = await useCases();
    await app.registerUser(ADA);
    for (const clash of [
      { ...ADA, email: 'other@example.com', username: 'ADA' },
      { ...ADA, username: 'other', email: 'Ada@EXAMPLE.com' },
    ]) {
      expect(await app.registerUser(clash).catch((e: unknown) => e)).to.be.instanceOf(Conflict);
    }
  });

  it('refuses bad usernames, e-mails and weak or oversized passwords', async () => {
    const app = await useCases();
    const bad = [
      { ...ADA, username: 'a@b' },
      { ...ADA, username: 'ab' },
      { ...ADA, username: 'x'.repeat(65) },
      { ...ADA, email: 'not-an-email' },
      { ...ADA, password: 'short' },
      { ...ADA, password: 'password123' },
      { ...ADA, password: 'x'.repeat(1025) },
    ];
    for (const input of bad) {
      expect(
        await app.registerUser(input).catch((e: unknown) => e),
        JSON.stringify(input).slice(0, 60),
      ).to.be.instanceOf(InvalidInput);
    }
  });
});
