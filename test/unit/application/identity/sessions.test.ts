import { expect } from 'chai';
import { InvalidToken, TokenExpired } from '../../../../src/domain/identity/auth-errors.ts';
import { BrowserSession } from '../../../../src/domain/identity/browser-session.ts';
import { NotFound } from '../../../../src/domain/kernel/errors.ts';
import { ADA, useCases } from '../../../support/test-container.ts';

describe('sessions, logout and disabling', () => {
  async function twoSessions() {
    const app = await useCases();
    const user = await app.registerUser(ADA);
    const input = { usernameOrEmail: 'ada', password: ADA.password, ip: '192.0.2.1', userAgent: 'one' };
    const first = await app.logIn(input);
    app.clock.advance(1);
    const second = await app.logIn({ ...input, userAgent: 'two' });
    return { app, user, first, second };
  }

  it('lists live sessions newest first and marks the current one', async () => {
    const { app, first } = await twoSessions();
    const sessions = await app.listSessions(await app.authenticate(first.accessToken));
    expect(sessions.map((s) => [s.session.userAgent, s.current])).to.deep.equal([
      ['two', false],
      ['one', true],
    ]);
  });

  it('revokes one own session; another user cannot see or revoke it', async () => {
    const { app, first, second } = await twoSessions();
    const mine = await app.authenticate(first.accessToken);
    const target = await app.authenticate(second.accessToken);
    const eve = await app.registerUser({
      username: 'eve',
      email: 'eve@example.com',
      password: 'eves own password',
    });
    const evePair = await app.logIn({
      usernameOrEmail: 'eve',
      password: 'eves own password',
      ip: '1.1.1.1',
      userAgent: null,
    });
    const evePrincipal = await app.authenticate(evePair.accessToken);
    expect(evePrincipal.userId).to.equal(eve.id);
    expect(
      await app.revokeSession(evePrincipal, target.sessionId, '1.1.1.1').catch((e: unknown) => e),
    ).to.be.instanceOf(NotFound);
    await app.revokeSession(mine, target.sessionId, '192.0.2.1');
    expect(await app.authenticate(second.accessToken).catch((e: unknown) => e)).to.be.instanceOf(
      InvalidToken,
    );
    expect(await app.authenticate(first.accessToken)).to.deep.equal(mine);
  });

  it('revoke-all ends every session including the caller', async () => {
    const { app, first, second } = await twoSessions();
    expect(await app.revokeAllSessions(await app.authenticate(first.accessToken), '192.0.2.1')).to.equal(2);
    for (const pair of [first, second]) {
      expect(await app.authenticate(pair.accessToken).catch((e: unknown) => e)).to.be.instanceOf(
        InvalidToken,
      );
    }
  });

  it('disabling a user rejects their access tokens on the next request', async () => {
    const { app, first } = await twoSessions();
    await app.disableUser('ada@example.com');
    expect(await app.authenticate(first.accessToken).catch((e: unknown) => e)).to.be.instanceOf(InvalidToken);
  });

  it('an access token works until 900 s after issue and not at 900 s', async () => {
    const { app, first } = await twoSessions();
    app.clock.advance(898);
    await app.authenticate(first.accessToken);
    app.clock.advance(1);
    expect(await app.authenticate(first.accessToken).catch((e: unknown) => e)).to.be.instanceOf(TokenExpired);
  });

  it('setting a password ends every session, browser sessions included', async () => {
    const { app, user, first } = await twoSessions();
    const browser = {
      id: 'b1',
      userId: user.id,
      userEpoch: 0,
      tokenHash: 'h',
      csrfToken: 'c',
      userAgent: null,
      ip: null,
    };
    await app.browserSessions.create(
      BrowserSession.start(browser, app.clock.now(), { idleSeconds: 60, absoluteSeconds: 600 }),
    );
    await app.setPassword('ada', 'a brand new password');
    expect(await app.browserSessions.deleteAllForUser(user.id)).to.equal(0);
    expect(await app.authenticate(first.accessToken).catch((e: unknown) => e)).to.be.instanceOf(InvalidToken);
  });

  it('me returns the user with their personal workspace as owner', async () => {
    const { app, user, first } = await twoSessions();
    const me = await app.getCurrentUser(await app.authenticate(first.accessToken));
    if (me.kind !== 'user') throw new Error(`expected a user, got ${me.kind}`);
    expect(me.user.id).to.equal(user.id);
    expect(me.workspaces.map((w) => [w.workspace.personal, w.role])).to.deep.equal([[true, 'owner']]);
  });
});
