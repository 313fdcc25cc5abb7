import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { csrfTokenIn, FormClient } from '../../support/form-client.ts';
import { suiteApp } from '../../support/http-suite.ts';
import { inboxOf, tokenFrom } from '../../support/inbox.ts';
import { signUp } from '../../support/test-app.ts';
import { testDatabase } from '../../support/test-database.ts';

describe('password reset over HTTP (PostgreSQL)', () => {
  const app = suiteApp();
  const inbox = () => inboxOf(app.container.cradle);
  const resetLink = async (email: string) => {
    await app.container.cradle.emailDispatcher.drain();
    return tokenFrom(inbox(), email, '/password-reset/confirm');
  };

  it('answers 202 with the same empty body for an existing and a missing address', async () => {
    const user = await signUp(app);
    const answers = [];
    for (const email of [user.email, `missing-${user.username}@example.com`]) {
      const response = await api(app, undefined, 'POST', '/api/auth/password-reset', { email });
      answers.push({
        status: response.status,
        body: response.body,
        type: response.headers.get('content-type'),
      });
    }
    expect(answers[0]).to.deep.equal({ status: 202, body: undefined, type: null });
    expect(answers[1]).to.deep.equal(answers[0]);
    const { db } = await testDatabase();
    const keys = (await db.query<{ key: string }>('select key from rate_limits')).map(({ key }) => key);
    expect(keys.some((key) => key.startsWith('password-reset:'))).to.equal(true);
    expect(
      keys.filter((key) => key.includes('example.com')),
      'addresses are kept as HMACs',
    ).to.deep.equal([]);
  });

  it('sets the password from the link (204), ends every session, and the token works once', async () => {
    const user = await signUp(app);
    await api(app, undefined, 'POST', '/api/auth/password-reset', { email: user.email });
    const token = await resetLink(user.email);
    const weak = await api(app, undefined, 'POST', '/api/auth/password-reset/confirm', {
      token,
      new_password: 'password123',
    });
    expect([weak.status, weak.body.code]).to.deep.equal([400, 'validation_failed']);
    const body = { token, new_password: 'a fresh and long passphrase' };
    expect((await api(app, undefined, 'POST', '/api/auth/password-reset/confirm', body)).status).to.equal(
      204,
    );
    expect((await api(app, user, 'GET', '/api/auth/me')).status).to.equal(401);
    const login = await api(app, undefined, 'POST', '/api/auth/login', {
      username_or_email: user.username,
      password: body.new_password,
    });
    expect(login.status).to.equal(200);
    const again = await api(app, undefined, 'POST', '/api/auth/password-reset/confirm', body);
    expect([again.status, again.body.code]).to.deep.equal([400, 'invalid_token']);
  });

  it('refuses malformed bodies with 400 validation_failed', async () => {
    for (const [path, body] of [
      ['/api/auth/password-reset', {}],
      ['/api/auth/password-reset', { email: 'a@b.c', extra: true }],
      ['/api/auth/password-reset', { email: 'not an address' }],
      ['/api/auth/password-reset/confirm', { token: 'x' }],
      ['/api/auth/password-reset/confirm', { token: 'x y', new_password: 'long enough pass' }],
    ] as const) {
      const response = await api(app, undefined, 'POST', path, body);
      expect([response.status, response.body.code], JSON.stringify(body)).to.deep.equal([
        400,
        'validation_failed',
      ]);
    }
  });

  it('walks both web pages: request (same answer for any address, CSRF checked), then confirm', async () => {
    const user = await signUp(app);
    const client = new FormClient(app);
    const form = await client.get('/password-reset');
    const csrf = csrfTokenIn(await form.text());
    expect((await client.post('/password-reset', { _csrf: 'forged', email: user.email })).status).to.equal(
      403,
    );
    const missing = await client.post('/password-reset', { _csrf: csrf, email: 'nobody-here@example.com' });
    const existing = await client.post('/password-reset', { _csrf: csrf, email: user.email });
    expect(existing.status).to.equal(200);
    expect(await existing.text()).to.equal(await missing.text());
    const token = await resetLink(user.email);
    const confirm = await client.get(`/password-reset/confirm?token=${token}`);
    expect(await confirm.text()).to.include(`name="token" value="${token}"`);
    const fields = {
      _csrf: csrf,
      token,
      new_password: 'web chosen passphrase',
      confirm_password: 'web chosen passphrase',
    };
    expect((await client.post('/password-reset/confirm', { ...fields, _csrf: 'forged' })).status).to.equal(
      403,
    );
    const done = await client.post('/password-reset/confirm', fields);
    expect([done.status, done.headers.get('location')]).to.deep.equal([303, '/login?notice=password-reset']);
    expect((await new FormClient(app).signIn(user.username, fields.new_password)).status).to.equal(303);
    const spent = await client.post('/password-reset/confirm', fields);
    expect(spent.status).to.equal(400);
  });
});
