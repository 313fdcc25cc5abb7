import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createOrm, type Orm } from '../../../src/adapters/persistence/postgres/orm.ts';
import { createLogger } from '../../../src/adapters/system/logger.ts';
import { closeServer, listen } from '../../../src/adapters/system/server.ts';
import { loadConfig } from '../../../src/config.ts';
import { createContainer } from '../../../src/container.ts';

describe('web pages with the database unreachable (real socket)', () => {
  const deadUrl = 'postgresql://postgres@127.0.0.1:1/nowhere';
  const cookie = `session=${randomBytes(32).toString('base64url')}`;
  let orm: Orm;
  let server: Server;
  let base: string;

  before(async () => {
    orm = await createOrm({ url: deadUrl });
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_STORE: 'memory' });
    const container = createContainer({
      config,
      logger: createLogger('silent'),
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
