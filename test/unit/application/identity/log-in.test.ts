import { expect } from 'chai';
import { InvalidCredentials } from '../../../../src/domain/identity/auth-errors.ts';
import { InvalidInput, RateLimited } from '../../../../src/domain/kernel/errors.ts';
import { ADA, useCases } from '../../../support/test-container.ts';

const login = (usernameOrEmail: string, password: string) => ({
  usernameOrEmail,
  password,
  ip: '203.0.113.9',
  userAgent: 'test-agent',
});

describe('log in', () => {
  it('issues a token pair and starts a session for a username or an e-mail in any case', async () => {
    const app = await useCases();
    const user = await app.registerUser(ADA);
    for (const identifier of ['ada', 'ADA', 'Ada@Example.com']) {
      const pair = await app.logIn(login(identifier, ADA.password));
      expect(pair.expiresIn).to.equal(900);
      expect(await app.authenticate(pair.accessToken)).to.include({ userId: user.id });
    }
    expect(await app.loginSessions.listForUser(user.id, app.clock.now())).to.have.length(3);
    expect(app.auditLog.events.filter((e) => e.type === 'login_succeeded')).to.have.length(3);
  });

  it('fails identically for unknown user, wrong password and disabled account, hashing each time', async () => {
    const app = await useCases();
    const ada = await app.registerUser(ADA);
    const bob = await app.registerUser({
      username: 'bob',
      email: 'bob@example.com',
      password: 'another fine password',
    });
    await app.disableUser('bob');
    const attempts = [
      login('nobody', ADA.password),
      login('ada', 'wrong password'),
      login('bob', 'another fine password'),
    ];
    const errors: unknown[] = [];
    for (const attempt of attempts) {
      const before = app.passwordHasher.verifications;
      errors.push(await app.logIn(attempt).catch((e: unknown) => e));
      expect(app.passwordHasher.verifications - before, attempt.usernameOrEmail).to.equal(1);
    }
    for (const error of errors) {
      expect(error).to.be.instanceOf(InvalidCredentials);
      expect((error as Error).message).to.equal((errors[0] as Error).message);
    }
    expect(app.loginThrottle.failures).to.deep.equal(['name:nobody', `user:${ada.id}`, `user:${bob.id}`]);
  });

  it('throttles a username and its e-mail as one account', async () => {
    const app = await useCases();
    await app.registerUser(ADA);
    for (const typed of ['ada', 'Ada@Example.com', ' ADA ']) {
      await app.logIn(login(typed, 'wrong password')).catch(() => undefined);
    }
    const ada = await app.users.findByLogin('ada');
    expect(app.loginThrottle.failures).to.deep.equal(Array(3).fill(`user:${ada?.id}`));
  });

  it('refuses a password over 1024 bytes before any hashing', async () => {
    const app = await useCases();
    await app.registerUser(ADA);
    const before = app.passwordHasher.verifications + app.passwordHasher.hashes;
    const error = await app.logIn(login('ada', 'é'.repeat(513))).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(InvalidInput);
    expect(app.passwordHasher.verifications + app.passwordHasher.hashes).to.equal(before);
  });

  it('answers a throttled account or address without checking the password', async () => {
    const app = await useCases();
    const ada = await app.registerUser(ADA);
    app.loginThrottle.blocked.add(`user:${ada.id}`);
    const before = app.passwordHasher.verifications;
    expect(await app.logIn(login('ADA', ADA.password)).catch((e: unknown) => e)).to.be.instanceOf(
      RateLimited,
    );
    expect(app.passwordHasher.verifications).to.equal(before);
  });

  it('re-hashes a hash with outdated parameters at a successful login', async () => {
    const app = await useCases();
    const user = await app.registerUser(ADA);
    app.passwordHasher.version = 'v3';
    await app.logIn(login('ada', ADA.password));
    expect((await app.users.findById(user.id))?.passwordHash).to.equal(`fake-v3$${ADA.password}`);
  });
});
