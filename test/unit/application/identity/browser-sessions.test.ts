import { expect } from 'chai';
import type { SessionTokens } from '../../../../src/application/identity/ports/session-tokens.ts';
import { InvalidCredentials } from '../../../../src/domain/identity/auth-errors.ts';
import { WrongCurrentPassword } from '../../../../src/domain/identity/browser-errors.ts';
import { InvalidInput, NotFound, RateLimited } from '../../../../src/domain/kernel/errors.ts';
import { ADA, useCases } from '../../../support/test-container.ts';

/** Readable tokens of the right shape; the "hash" is visibly different from the token. */
class CountingTokens implements SessionTokens {
  #next = 0;
  newToken(): string {
    this.#next++;
    return `t${String(this.#next).padStart(42, '0')}`;
  }
  hash(token: string): string {
    return `hash(${token})`;
  }
}

/** What an API client's login sends (`logIn`), from `ip` with `userAgent`. */
const logInInput = (
  usernameOrEmail: string,
  password: string,
  ip = '198.51.100.1',
  userAgent: string | null = null,
) => ({
  usernameOrEmail,
  password,
  ip,
  userAgent,
});
const signInInput = (usernameOrEmail: string, password: string, previousToken?: string) => ({
  usernameOrEmail,
  password,
  ip: '203.0.113.9',
  userAgent: 'test-browser',
  previousToken,
});

async function withAda() {
  const app = await useCases({
    env: { BROWSER_SESSION_IDLE_SECONDS: '600', BROWSER_SESSION_ABSOLUTE_SECONDS: '3600' },
    doubles: { sessionTokens: new CountingTokens() },
  });
  const user = await app.registerUser(ADA);
  return { app, user };
}

describe('browser sign-in', () => {
  it('starts a session whose token is stored only as a hash, and audits it as a browser login', async () => {
    const { app, user } = await withAda();
    const { token, session } = await app.signIn(signInInput('ADA@example.com', ADA.password));
    expect(session.tokenHash).to.equal(`hash(${token})`);
    expect(session.csrfToken).not.to.equal(token);
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).to.equal(3600_000);
    expect((await app.resolveBrowserSession(token))?.user.id).to.equal(user.id);
    expect(app.auditLog.events.at(-1)).to.deep.include({
      type: 'login_succeeded',
      sessionId: session.id,
      details: { surface: 'browser' },
    });
  });

  it('uses the shared password check: one error for every failure, throttled before hashing', async () => {
    const { app } = await withAda();
    for (const [login, password] of [
      ['ada', 'wrong password'],
      ['nobody', ADA.password],
    ] as const) {
      const error = await app.signIn(signInInput(login, password)).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(InvalidCredentials);
    }
    const ada = `user:${(await app.users.findByLogin('ada'))?.id}`;
    expect(app.loginThrottle.failures).to.deep.equal([ada, 'name:nobody']);
    app.loginThrottle.blocked.add(ada);
    const before = app.passwordHasher.verifications;
    const throttled = await app.signIn(signInInput('ada', ADA.password)).catch((e: unknown) => e);
    expect(throttled).to.be.instanceOf(RateLimited);
    expect(app.passwordHasher.verifications).to.equal(before);
    expect(await app.browserSessions.listForUser((await app.users.findByLogin('ada'))!.id, app.clock.now()))
      .to.be.empty;
  });

  it('ends the session the browser already held and never adopts its token (fixation)', async () => {
    const { app } = await withAda();
    const first = await app.signIn(signInInput('ada', ADA.password));
    const second = await app.signIn(signInInput('ada', ADA.password, first.token));
    expect(second.token).not.to.equal(first.token);
    expect(second.session.id).not.to.equal(first.session.id);
    expect(await app.resolveBrowserSession(first.token)).to.equal(undefined);
    const planted = await app.signIn(
      signInInput('ada', ADA.password, 'planted-but-unknown-token-value-000000000'),
    );
    expect(planted.token).not.to.equal('planted-but-unknown-token-value-000000000');
  });

  it('clears the user’s ended sessions at sign-in', async () => {
    const { app, user } = await withAda();
    await app.signIn(signInInput('ada', ADA.password));
    app.clock.advance(601);
    await app.signIn(signInInput('ada', ADA.password));
    expect(await app.browserSessions.listForUser(user.id, app.clock.now())).to.have.length(1);
  });
});

describe('resolving the browser session of a cookie', () => {
  it('ends after the idle lifetime, and deletes the ended session', async () => {
    const { app, user } = await withAda();
    const { token } = await app.signIn(signInInput('ada', ADA.password));
    app.clock.advance(599);
    expect(await app.resolveBrowserSession(token)).not.to.equal(undefined);
    app.clock.advance(599);
    expect(await app.resolveBrowserSession(token), 'each request renews the idle lifetime').not.to.equal(
      undefined,
    );
    app.clock.advance(600);
    expect(await app.resolveBrowserSession(token)).to.equal(undefined);
    expect(await app.browserSessions.listForUser(user.id, app.clock.now())).to.be.empty;
  });

  it('ends at the absolute lifetime however active', async () => {
    const { app } = await withAda();
    const { token } = await app.signIn(signInInput('ada', ADA.password));
    for (let elapsed = 0; elapsed < 3500; elapsed += 500) {
      app.clock.advance(500);
      expect(await app.resolveBrowserSession(token)).not.to.equal(undefined);
    }
    app.clock.advance(100);
    expect(await app.resolveBrowserSession(token)).to.equal(undefined);
  });

  it('ends when the user is disabled', async () => {
    const { app } = await withAda();
    const { token } = await app.signIn(signInInput('ada', ADA.password));
    await app.disableUser('ada');
    expect(await app.resolveBrowserSession(token)).to.equal(undefined);
  });

  it('does not look up implausible tokens', async () => {
    const { app } = await withAda();
    for (const token of ['', 'short', 'x'.repeat(200), 'not base64url!not base64url!not base64url!']) {
      expect(await app.resolveBrowserSession(token)).to.equal(undefined);
    }
  });
});

describe('signed-in browser actions', () => {
  it('signs out by deleting the session', async () => {
    const { app } = await withAda();
    const { token } = await app.signIn(signInInput('ada', ADA.password));
    const current = (await app.resolveBrowserSession(token))!;
    await app.signOut(current, '203.0.113.9');
    expect(await app.resolveBrowserSession(token)).to.equal(undefined);
    expect(app.auditLog.events.at(-1)).to.include({ type: 'logout' });
  });

  it('shows the user, workspaces, browser sessions (marking this one) and live API sessions', async () => {
    const { app, user } = await withAda();
    await app.logIn(logInInput('ada', ADA.password, '198.51.100.1', 'cli'));
    const other = await app.signIn(signInInput('ada', ADA.password));
    const mine = await app.signIn(signInInput('ada', ADA.password));
    const home = await app.getHome((await app.resolveBrowserSession(mine.token))!);
    expect(home.user.id).to.equal(user.id);
    expect(home.workspaces.map((w) => w.role)).to.deep.equal(['owner']);
    expect(home.browserSessions.map((s) => [s.session.id, s.current])).to.deep.equal([
      [mine.session.id, true],
      [other.session.id, false],
    ]);
    expect(home.apiSessions.map((s) => s.userAgent)).to.deep.equal(['cli']);
  });

  it('revokes the user’s own API and browser sessions, and nobody else’s', async () => {
    const { app } = await withAda();
    await app.registerUser({ username: 'bob', email: 'bob@example.com', password: 'another fine password' });
    const pair = await app.logIn(logInInput('ada', ADA.password));
    const other = await app.signIn(signInInput('ada', ADA.password));
    const bob = await app.signIn(signInInput('bob', 'another fine password'));
    const bobsApi = await app.logIn(logInInput('bob', 'another fine password', '1.2.3.4'));
    const current = (await app.resolveBrowserSession(
      (
        await app.signIn(signInInput('ada', ADA.password))
      ).token,
    ))!;

    const apiSessionId = (await app.authenticate(pair.accessToken)).sessionId;
    await app.revokeOwnSession(current, { kind: 'api', id: apiSessionId }, '203.0.113.9');
    expect(await app.authenticate(pair.accessToken).catch((e: unknown) => e)).to.be.an('error');
    await app.revokeOwnSession(current, { kind: 'browser', id: other.session.id }, '203.0.113.9');
    expect(await app.resolveBrowserSession(other.token)).to.equal(undefined);

    const bobsApiId = (await app.authenticate(bobsApi.accessToken)).sessionId;
    for (const target of [
      { kind: 'browser', id: bob.session.id },
      { kind: 'api', id: bobsApiId },
      { kind: 'api', id: apiSessionId },
    ] as const) {
      const error = await app.revokeOwnSession(current, target, '203.0.113.9').catch((e: unknown) => e);
      expect(error, JSON.stringify(target)).to.be.instanceOf(NotFound);
    }
    expect(await app.resolveBrowserSession(bob.token)).not.to.equal(undefined);
  });

  it('changes the password after checking the current one, ending every other session', async () => {
    const { app, user } = await withAda();
    const pair = await app.logIn(logInInput('ada', ADA.password));
    const other = await app.signIn(signInInput('ada', ADA.password));
    const mine = await app.signIn(signInInput('ada', ADA.password));
    const current = (await app.resolveBrowserSession(mine.token))!;
    const change = (currentPassword: string, newPassword: string) =>
      app
        .changePassword(current, { currentPassword, newPassword, ip: '203.0.113.9' })
        .catch((e: unknown) => e);

    const verifications = app.passwordHasher.verifications;
    expect(await change(ADA.password, 'password')).to.be.instanceOf(InvalidInput);
    expect(app.passwordHasher.verifications, 'a refused new password costs no hashing').to.equal(
      verifications,
    );
    expect(await change('wrong password', 'a new long password')).to.be.instanceOf(WrongCurrentPassword);
    expect(await change('x'.repeat(2000), 'a new long password')).to.be.instanceOf(WrongCurrentPassword);
    expect(app.loginThrottle.failures, 'a wrong current password counts as a failed sign-in').to.include(
      `user:${user.id}`,
    );

    expect(await change(ADA.password, 'a new long password')).to.equal(undefined);
    expect((await app.users.findById(user.id))?.passwordHash).to.equal('fake-v2$a new long password');
    expect(await app.authenticate(pair.accessToken).catch((e: unknown) => e)).to.be.an('error');
    expect(await app.resolveBrowserSession(other.token)).to.equal(undefined);
    expect(await app.resolveBrowserSession(mine.token)).not.to.equal(undefined);
    expect(app.auditLog.events.at(-1)).to.deep.include({ type: 'password_changed', userId: user.id });
  });
});
