import { expect } from 'chai';
import { api, principalOf, withKey } from '../../support/api.ts';
import { FormClient } from '../../support/form-client.ts';
import { suiteApp } from '../../support/http-suite.ts';
import { inboxOf, tokenFrom } from '../../support/inbox.ts';
import { signUp } from '../../support/test-app.ts';
import { testDatabase } from '../../support/test-database.ts';

describe('e-mail verification over HTTP (PostgreSQL)', () => {
  const app = suiteApp({ SIGNUP_ENABLED: 'true' });

  /** Signs up through the API and returns the link's token once the dispatcher sent the e-mail. */
  async function signedUp() {
    const user = await signUp(app);
    await app.container.cradle.emailDispatcher.drain();
    return { user, token: tokenFrom(inboxOf(app.container.cradle), user.email, '/verify-email') };
  }

  it('shows email_verified in /me: false after sign-up, true once the link was followed, and the token works once', async () => {
    const { user, token } = await signedUp();
    expect((await api(app, user, 'GET', '/api/auth/me')).body.email_verified).to.equal(false);
    const verified = await api(app, undefined, 'POST', '/api/auth/verify-email', { token });
    expect(verified.status).to.equal(204);
    expect((await api(app, user, 'GET', '/api/auth/me')).body.email_verified).to.equal(true);
    const again = await api(app, undefined, 'POST', '/api/auth/verify-email', { token });
    expect(again.status).to.equal(400);
    expect(again.body).to.include({ code: 'invalid_token' });
  });

  it('answers 400 to malformed bodies and unknown tokens alike, changing nothing', async () => {
    const { user } = await signedUp();
    for (const body of [{}, { token: '' }, { token: 'a b' }, { token: 'x', extra: 1 }]) {
      expect((await api(app, undefined, 'POST', '/api/auth/verify-email', body)).body.code).to.equal(
        'validation_failed',
      );
    }
    const unknown = await api(app, undefined, 'POST', '/api/auth/verify-email', { token: 'A'.repeat(43) });
    expect([unknown.status, unknown.body.code]).to.deep.equal([400, 'invalid_token']);
    expect((await api(app, user, 'GET', '/api/auth/me')).body.email_verified).to.equal(false);
  });

  it('keeps the token hashed and the queued e-mail sealed: the database holds neither', async () => {
    const { token } = await signedUp();
    const { db } = await testDatabase();
    const tokens = JSON.stringify(await db.query('select * from account_tokens'));
    const outbox = JSON.stringify(await db.query('select * from email_outbox'));
    expect(tokens).to.not.include(token);
    expect(outbox).to.not.include(token);
  });

  it('resends on request (202), 429 with Retry-After past five an hour; anonymous 401, an API key 403', async () => {
    const { user } = await signedUp();
    const inbox = inboxOf(app.container.cradle);
    for (let i = 0; i < 5; i++) {
      expect((await api(app, user, 'POST', '/api/auth/verify-email/resend')).status).to.equal(202);
    }
    await app.container.cradle.emailDispatcher.drain();
    expect(inbox.to(user.email)).to.have.length(6);
    const throttled = await api(app, user, 'POST', '/api/auth/verify-email/resend');
    expect([throttled.status, throttled.body.code]).to.deep.equal([429, 'rate_limited']);
    expect(Number(throttled.headers.get('retry-after'))).to.be.greaterThan(0);
    expect((await api(app, undefined, 'POST', '/api/auth/verify-email/resend')).status).to.equal(401);
    const c = app.container.cradle;
    const [personal] = await c.workspaces.listForUser(user.userId);
    const { key } = await c.createApiKey(
      await principalOf(app, user),
      personal?.workspace.id as string,
      { name: 'ci', role: 'admin', expiresAt: null },
      'ip',
    );
    const asKey = await api(app, withKey(key), 'POST', '/api/auth/verify-email/resend');
    expect([asKey.status, asKey.body.code]).to.deep.equal([403, 'api_key_not_allowed']);
  });

  it('serves the link as a page that spends the token only on its button', async () => {
    const { user, token } = await signedUp();
    const client = new FormClient(app);
    const page = await client.get(`/verify-email?token=${token}`);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include(`name="token" value="${token}"`);
    expect((await api(app, user, 'GET', '/api/auth/me')).body.email_verified).to.equal(false);
    expect(
      (await client.post('/verify-email', { token }, { origin: 'https://evil.example' })).status,
    ).to.equal(403);
    const done = await client.post('/verify-email', { token });
    expect(done.status).to.equal(200);
    expect(await done.text()).to.include('Your e-mail address is verified.');
    expect((await api(app, user, 'GET', '/api/auth/me')).body.email_verified).to.equal(true);
    const spent = await client.post('/verify-email', { token });
    expect(spent.status).to.equal(400);
    expect(await spent.text()).to.include('invalid, has expired or was already used');
  });
});
