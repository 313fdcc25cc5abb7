import { expect } from 'chai';
import { json } from '../../support/json.ts';
import { type DetachedApp, startAppAgainst } from '../../support/test-app.ts';

describe('database unreachable (real socket)', () => {
  let app: DetachedApp;

  before(async () => {
    app = await startAppAgainst('postgresql://postgres@127.0.0.1:1/nowhere', { RATE_LIMIT_STORE: 'memory' });
  });
  after(() => app.close());

  it('answers /readyz with 503 and Retry-After', async () => {
    const response = await fetch(`${app.baseUrl}/readyz`);
    expect(response.status).to.equal(503);
    expect(response.headers.get('retry-after')).to.match(/^\d+$/);
    expect((await json(response)).code).to.equal('service_unavailable');
  });

  it('answers a login with 503, never a 2xx or a 500 with internals', async () => {
    const response = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: 'ada', password: 'whatever password' }),
    });
    expect(response.status).to.equal(503);
    expect(response.headers.get('retry-after')).to.match(/^\d+$/);
    const text = await response.text();
    expect(text).not.to.match(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
  });
});
