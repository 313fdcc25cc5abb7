import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createOrm, type Orm } from '../../../src/adapters/persistence/postgres/orm.ts';
import { createLogger } from '../../../src/adapters/system/logger.ts';
import { closeServer, listen } from '../../../src/adapters/system/server.ts';
import { loadConfig } from '../../../src/config.ts';
import { createContainer } from '../../../src/container.ts';
import { json } from '../../support/json.ts';

describe('database unreachable (real socket)', () => {
  const deadUrl = 'postgresql://postgres@127.0.0.1:1/nowhere';
  let orm: Orm;
  let server: Server;
  let base: string;

  before(async () => {
    orm = await createOrm({ url: deadUrl });
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_STORE: 'memory' });
    const logger = createLogger(process.env.DEBUG_LOG ? 'error' : 'silent');
    const container = createContainer({
      config,
      logger,
      orm,
      databaseUrl: deadUrl,
      masterKey: randomBytes(32),
    });
    server = await listen(container.cradle.httpApp, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await closeServer(server, 100);
    await orm.close(true);
  });

  it('answers /readyz with 503 and Retry-After', async () => {
    const response = await fetch(`${base}/readyz`);
    expect(response.status).to.equal(503);
    expect(response.headers.get('retry-after')).to.match(/^\d+$/);
    expect((await json(response)).code).to.equal('service_unavailable');
  });

  it('answers a login with 503, never a 2xx or a 500 with internals', async () => {
    const response = await fetch(`${base}/api/auth/login`, {
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
