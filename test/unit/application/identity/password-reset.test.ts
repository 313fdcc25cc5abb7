import { expect } from 'chai';
import { InvalidAccountToken } from '../../../../src/domain/identity/account-token.ts';
import { InvalidInput } from '../../../../src/domain/kernel/errors.ts';
import { inboxOf, tokenFrom } from '../../../support/inbox.ts';
import { ADA, useCases } from '../../../support/test-container.ts';

const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('password reset', () => {
  const withAda = async () => {
    const app = await useCases();
    const user = await app.registerUser(ADA);
    const inbox = inboxOf(app);
    const reset = async () => {
      await app.requestPasswordReset(ADA.email);
      await app.dispatchEmails();
      return tokenFrom(inbox, ADA.email, '/password-reset/confirm');
    };
    return { app, user, inbox, reset };
  };

  it('e-mails a link, and the link sets a new password once, ending every session', async () => {
    const { app, user, reset } = await withAda();
    const tokens = await app.logIn({
      usernameOrEmail: ADA.username,
      password: ADA.password,
      ip: '192.0.2.1',
      userAgent: null,
    });
    const token = await reset();
    await app.confirmPasswordReset({ token, newPassword: 'a brand new passphrase' });
    expect(await refused(app.authenticate(tokens.accessToken))).to.be.an('error');
    expect(
      await refused(
        app.logIn({
          usernameOrEmail: ADA.username,
          password: ADA.password,
          ip: '192.0.2.1',
          userAgent: null,
        }),
      ),
    ).to.be.an('error');
    await app.logIn({
      usernameOrEmail: ADA.username,
      password: 'a brand new passphrase',
      ip: '192.0.2.1',
      userAgent: null,
    });
    expect(
      await refused(app.confirmPasswordReset({ token, newPassword: 'yet another passphrase' })),
    ).to.be.instanceOf(InvalidAccountToken);
    expect((await app.users.findById(user.id))?.emailVerified).to.equal(true);
  });

  it('voids the other links once one is used, and every link after 30 minutes', async () => {
    const { app, reset } = await withAda();
    const first = await reset();
    const second = await reset();
    await app.confirmPasswordReset({ token: second, newPassword: 'a brand new passphrase' });
    expect(
      await refused(app.confirmPasswordReset({ token: first, newPassword: 'another passphrase here' })),
    ).to.be.instanceOf(InvalidAccountToken);
    const late = await reset();
    app.clock.advance(30 * 60);
    expect(
      await refused(app.confirmPasswordReset({ token: late, newPassword: 'another passphrase here' })),
    ).to.be.instanceOf(InvalidAccountToken);
  });

  it('checks the password policy before spending the token', async () => {
    const { app, reset } = await withAda();
    const token = await reset();
    expect(await refused(app.confirmPasswordReset({ token, newPassword: 'password123' }))).to.be.instanceOf(
      InvalidInput,
    );
    await app.confirmPasswordReset({ token, newPassword: 'a brand new passphrase' });
  });

  it('does the same work whether or not an account has the address: one look-up, one token made, one e-mail', async () => {
    const { app, inbox } = await withAda();
    const counted = { hash: 0, newToken: 0, findByLogin: 0, transactions: 0 };
    const { sessionTokens, users, unitOfWork } = app;
    for (const [target, name] of [
      [sessionTokens, 'hash'],
      [sessionTokens, 'newToken'],
      [users, 'findByLogin'],
      [unitOfWork, 'transaction'],
    ] as const) {
      const original = (target as unknown as Record<string, (...a: unknown[]) => unknown>)[name]?.bind(
        target,
      );
      (target as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        counted[name === 'transaction' ? 'transactions' : name]++;
        return original?.(...args);
      };
    }
    await app.dispatchEmails();
    const work = async (email: string) => {
      Object.assign(counted, { hash: 0, newToken: 0, findByLogin: 0, transactions: 0 });
      const before = inbox.sent.length;
      await app.requestPasswordReset(email);
      await app.dispatchEmails();
      return { ...counted, emails: inbox.sent.length - before };
    };
    const existing = await work(ADA.email);
    const missing = await work('nobody@example.com');
    expect(existing, JSON.stringify([existing, missing])).to.deep.equal(missing);
    expect(existing).to.include({ findByLogin: 1, emails: 1 });
    expect(inbox.to('nobody@example.com')[0]?.subject).to.equal('Password reset requested');
    expect(inbox.to('nobody@example.com')[0]?.text).to.not.include('token=');
  });

  it('sends an address at most 3 e-mails an hour, silently, with or without an account', async () => {
    const { app, inbox } = await withAda();
    for (const email of [ADA.email, 'nobody@example.com']) {
      for (let i = 0; i < 5; i++) await app.requestPasswordReset(email);
    }
    await app.dispatchEmails();
    expect(inbox.to(ADA.email).filter((e) => e.subject === 'Reset your password')).to.have.length(3);
    expect(inbox.to('nobody@example.com')).to.have.length(3);
  });

  it('sends a disabled account, or a username typed as the address, no link', async () => {
    const { app, user, inbox } = await withAda();
    expect(await refused(app.requestPasswordReset(ADA.username))).to.be.instanceOf(InvalidInput);
    await app.users.setDisabled(user.id, true);
    await app.requestPasswordReset(ADA.email);
    await app.dispatchEmails();
    expect(inbox.to(ADA.email).map((e) => e.subject)).to.deep.equal([
      'Verify your e-mail address',
      'Password reset requested',
    ]);
  });
});
