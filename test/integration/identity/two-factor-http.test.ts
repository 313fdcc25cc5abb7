import { expect } from 'chai';
import { api } from '../../support/api.ts';
import { suiteApp } from '../../support/http-suite.ts';
import { type SignedUp, signUp, type TestApp } from '../../support/test-app.ts';
import { totpCode } from '../../support/totp.ts';

/** The app's code `steps` time steps from now: the server accepts one step either side, each once. */
const codeOf = (uri: string, steps = 0) => totpCode(uri, new Date(Date.now() + steps * 30_000));

/** A user signed up, then enrolled and confirmed over HTTP (the confirming code is the current step's). */
async function enrolled(app: TestApp) {
  const user = await signUp(app);
  const started = await api(app, user, 'POST', '/api/auth/mfa/totp');
  expect(started.status, JSON.stringify(started.body)).to.equal(201);
  const uri: string = started.body.otpauth_uri;
  const confirmed = await api(app, user, 'POST', '/api/auth/mfa/totp/confirm', { code: codeOf(uri) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
  return { user, uri, started, confirmed, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

const login = (app: TestApp, user: SignedUp, password = user.password) =>
  api(app, undefined, 'POST', '/api/auth/login', { username_or_email: user.username, password });

for (const [family, env] of [
  ['PostgreSQL', {}],
  ['memory', { PERSISTENCE: 'memory' }],
] as const) {
  describe(`two-factor login over HTTP (${family})`, () => {
    const app = suiteApp(env);

    it('reports the state: off, pending, on with the recovery codes left', async () => {
      const user = await signUp(app);
      const status = async () => (await api(app, user, 'GET', '/api/auth/mfa/totp')).body;
      expect(await status()).to.deep.equal({ status: 'off', enabled_at: null, recovery_codes_left: 0 });
      const uri = (await api(app, user, 'POST', '/api/auth/mfa/totp')).body.otpauth_uri;
      expect((await status()).status).to.equal('pending');
      const codes = (await api(app, user, 'POST', '/api/auth/mfa/totp/confirm', { code: codeOf(uri) })).body;
      const token = (await login(app, user)).body.mfa_token;
      await api(app, undefined, 'POST', '/api/auth/login/mfa', {
        mfa_token: token,
        code: codes.recovery_codes[0],
      });
      const on = await status();
      expect([on.status, on.recovery_codes_left]).to.deep.equal(['on', 9]);
      expect(Date.parse(on.enabled_at)).to.be.closeTo(Date.now(), 60_000);
    });

    it('enrols (201: otpauth URI and SVG, no-store), confirms (ten recovery codes), then asks login for a code', async () => {
      const { user, uri, started, confirmed, recoveryCodes } = await enrolled(app);
      expect(Object.keys(started.body).sort()).to.deep.equal(['otpauth_uri', 'qr_svg']);
      expect(uri).to.match(/^otpauth:\/\/totp\/127\.0\.0\.1(%3A|:)\d+:/);
      expect(started.body.qr_svg).to.match(/^<svg /);
      expect(started.headers.get('cache-control')).to.equal('no-store');
      expect(confirmed.headers.get('cache-control')).to.equal('no-store');
      expect(recoveryCodes).to.have.length(10);

      const required = await login(app, user);
      expect(required.status).to.equal(401);
      expect(required.body).to.include({ code: 'mfa_required', status: 401 });
      expect(required.body.mfa_token).to.match(/^mfa_/);
      expect(required.headers.get('cache-control')).to.equal('no-store');
      expect(required.headers.get('www-authenticate')).to.equal('Bearer realm="api"');

      const body = { mfa_token: required.body.mfa_token, code: codeOf(uri, 1) };
      const done = await api(app, undefined, 'POST', '/api/auth/login/mfa', body);
      expect(done.status, JSON.stringify(done.body)).to.equal(200);
      expect(done.body).to.include({ token_type: 'Bearer', expires_in: 900 });
      expect(done.headers.get('cache-control')).to.equal('no-store');
      const me = await api(
        app,
        { auth: { authorization: `Bearer ${done.body.access_token}` } },
        'GET',
        '/api/auth/me',
      );
      expect(me.body.id).to.equal(user.userId);

      // The same request again: the code is spent (replay), whatever the time step still says.
      const replay = await api(app, undefined, 'POST', '/api/auth/login/mfa', body);
      expect([replay.status, replay.body.code]).to.deep.equal([401, 'invalid_credentials']);
    });

    it('takes a recovery code once, and refuses forged or stale mfa tokens as invalid_token', async () => {
      const { user, recoveryCodes } = await enrolled(app);
      const token = (await login(app, user)).body.mfa_token as string;
      const recovery = recoveryCodes[0] as string;
      const first = await api(app, undefined, 'POST', '/api/auth/login/mfa', {
        mfa_token: token,
        code: recovery,
      });
      expect(first.status).to.equal(200);
      const again = await api(app, undefined, 'POST', '/api/auth/login/mfa', {
        mfa_token: token,
        code: recovery,
      });
      expect([again.status, again.body.code]).to.deep.equal([401, 'invalid_credentials']);
      const forged = `${token.slice(0, -2)}AA`;
      const bad = await api(app, undefined, 'POST', '/api/auth/login/mfa', {
        mfa_token: forged,
        code: '123456',
      });
      expect([bad.status, bad.body.code]).to.deep.equal([401, 'invalid_token']);
    });

    it('answers a wrong password of an account with 2FA exactly as a missing account’s', async () => {
      const { user } = await enrolled(app);
      const answers = [];
      for (const name of [user.username, `missing-${user.username}`]) {
        const response = await api(app, undefined, 'POST', '/api/auth/login', {
          username_or_email: name,
          password: 'not the password',
        });
        answers.push([response.status, JSON.stringify(response.body)]);
      }
      expect(answers[0]).to.deep.equal([401, answers[1]?.[1]]);
      expect(answers[0]?.[1]).to.include('invalid_credentials');
    });

    it('turns off only with the password and a code (400 invalid_code otherwise), then login needs the password alone', async () => {
      const { user, uri, recoveryCodes } = await enrolled(app);
      const off = (body: object) => api(app, user, 'DELETE', '/api/auth/mfa/totp', body);
      const wrongPassword = await off({ password: 'not it', code: codeOf(uri, 1) });
      const wrongCode = await off({ password: user.password, code: '000000' });
      expect([wrongPassword.status, wrongPassword.body.code]).to.deep.equal([400, 'invalid_code']);
      expect(wrongCode.body).to.deep.equal(wrongPassword.body);
      expect((await off({ password: user.password, code: recoveryCodes[1] })).status).to.equal(204);
      expect((await login(app, user)).status).to.equal(200);
      const again = await off({ password: user.password, code: codeOf(uri, 1) });
      expect([again.status, again.body.code]).to.deep.equal([409, 'conflict']);
    });

    it('answers conflicts and bad input clearly, changing nothing', async () => {
      const { user } = await enrolled(app);
      const twice = await api(app, user, 'POST', '/api/auth/mfa/totp');
      expect([twice.status, twice.body.code]).to.deep.equal([409, 'conflict']);
      const other = await signUp(app);
      const early = await api(app, other, 'POST', '/api/auth/mfa/totp/confirm', { code: '123456' });
      expect([early.status, early.body.code]).to.deep.equal([409, 'conflict']);
      await api(app, other, 'POST', '/api/auth/mfa/totp');
      const wrong = await api(app, other, 'POST', '/api/auth/mfa/totp/confirm', { code: '000000' });
      expect([wrong.status, wrong.body.code]).to.deep.equal([400, 'invalid_code']);
      for (const [method, path, body] of [
        ['POST', '/api/auth/login/mfa', { mfa_token: 'x' }],
        ['POST', '/api/auth/login/mfa', { mfa_token: 'x', code: '1', extra: 1 }],
        ['POST', '/api/auth/mfa/totp/confirm', {}],
        ['POST', '/api/auth/mfa/totp/confirm', { code: 'x'.repeat(65) }],
        ['DELETE', '/api/auth/mfa/totp', { code: '123456' }],
      ] as const) {
        const response = await api(app, other, method, path, body);
        expect([response.status, response.body.code], `${path} ${JSON.stringify(body)}`).to.deep.equal([
          400,
          'validation_failed',
        ]);
      }
      expect((await login(app, other)).status, 'still not on').to.equal(200);
    });

    it('needs a bearer token on the enrolment routes', async () => {
      for (const [method, path] of [
        ['GET', '/api/auth/mfa/totp'],
        ['POST', '/api/auth/mfa/totp'],
        ['POST', '/api/auth/mfa/totp/confirm'],
        ['DELETE', '/api/auth/mfa/totp'],
      ] as const) {
        const body = method === 'GET' ? undefined : { code: '123456', password: 'x' };
        expect((await api(app, undefined, method, path, body)).status, `${method} ${path}`).to.equal(401);
      }
    });
  });
}
