import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { type DetachedApp, startAppAgainst } from '../../support/test-app.ts';

describe('web pages with the database unreachable (real socket)', () => {
  const deadUrl = 'postgresql://postgres@127.0.0.1:1/nowhere';
  const cookie = `session=${randomBytes(32).toString('base64url')}`;
  let app: DetachedApp;
  let base: string;

  before(async () => {
    app = await startAppAgainst(deadUrl, { RATE_LIMIT_STORE: 'memory' });
    base = app.baseUrl;
  });
  after(() => app.close());

  it('answers a page that needs the session with an HTML 503 and Retry-After', async () => {
    const response = await fetch(`${base}/`, { headers: { cookie }, redirect: 'manual' });
    expect(response.status).to.equal(503);
    expect(response.headers.get('retry-after')).to.match(/^\d+$/);
    expect(response.headers.get('content-type')).to.match(/^text\/html/);
    expect(await response.text())
      .to.include('briefly unavailable')
      .and.not.match(/ECONNREFUSED|127\.0\.0\.1:1/);
  });

  it('still serves the sign-in form, which needs no database', async () => {
    expect((await fetch(`${base}/login`)).status).to.equal(200);
  });

  it('answers GET /api/auth/session with a cookie as problem+json 503', async () => {
    const response = await fetch(`${base}/api/auth/session`, { headers: { cookie } });
    expect(response.status).to.equal(503);
    expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
  });
});
