import { expect } from 'chai';
import { csrfTokenIn, FormClient } from '../../support/form-client.ts';
import { suiteApp } from '../../support/http-suite.ts';
import { signUp, type TestApp } from '../../support/test-app.ts';
import { totpCode } from '../../support/totp.ts';

/** A user with two-factor login on (enrolled through the use cases), and their app's URI. */
async function withTwoFactor(app: TestApp) {
  const user = await signUp(app);
  const me = await app.container.cradle.authenticate(user.accessToken);
  const { otpauthUri } = await app.container.cradle.startTotpEnrolment(me);
  await app.container.cradle.confirmTotpEnrolment(me, { code: totpCode(otpauthUri, new Date()), ip: '::1' });
  return { user, otpauthUri };
}

const tokenIn = (page: string) => /name="mfa_token" value="([^"]+)"/.exec(page)?.[1] ?? '';

describe('web sign-in with two-factor login (PostgreSQL)', () => {
  const app = suiteApp();

  it('answers the right password with the code page (no session yet), then signs in with the code', async () => {
    const { user, otpauthUri } = await withTwoFactor(app);
    const client = new FormClient(app);
    const step = await client.signIn(user.username, user.password);
    const page = await step.text();
    expect(step.status).to.equal(200);
    expect(page).to.include('Enter your code');
    expect(tokenIn(page)).to.match(/^mfa_/);
    expect(client.cookies.has('session'), 'no session before the code').to.equal(false);
    const fields = { _csrf: csrfTokenIn(page), mfa_token: tokenIn(page) };
    const done = await client.post('/login/mfa', {
      ...fields,
      code: totpCode(otpauthUri, new Date(Date.now() + 30_000)),
    });
    expect([done.status, done.headers.get('location')]).to.deep.equal([303, '/']);
    expect(client.cookies.has('session')).to.equal(true);
    expect((await client.get('/')).status).to.equal(200);
  });

  it('refuses a forged CSRF token or a foreign origin (403) and a stale mfa token (back to sign-in)', async () => {
    const { user, otpauthUri } = await withTwoFactor(app);
    const client = new FormClient(app);
    const page = await (await client.signIn(user.username, user.password)).text();
    const fields = {
      _csrf: csrfTokenIn(page),
      mfa_token: tokenIn(page),
      code: totpCode(otpauthUri, new Date()),
    };
    expect((await client.post('/login/mfa', { ...fields, _csrf: 'forged' })).status).to.equal(403);
    expect((await client.post('/login/mfa', fields, { origin: 'https://evil.example' })).status).to.equal(
      403,
    );
    const stale = await client.post('/login/mfa', { ...fields, mfa_token: 'mfa_stale.token' });
    expect(stale.status).to.equal(422);
    expect(await stale.text()).to.include('Please sign in again');
    expect(client.cookies.has('session')).to.equal(false);
  });

  it('answers a wrong code on the page, keeping the token for another try', async () => {
    const { user } = await withTwoFactor(app);
    const client = new FormClient(app);
    const page = await (await client.signIn(user.username, user.password)).text();
    const wrong = await client.post('/login/mfa', {
      _csrf: csrfTokenIn(page),
      mfa_token: tokenIn(page),
      code: '000000',
    });
    const again = await wrong.text();
    expect(wrong.status).to.equal(422);
    expect(again).to.include('The code is not correct, or was used already.');
    expect(tokenIn(again)).to.equal(tokenIn(page));
  });
});
