import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pino } from 'pino';
import { createHttpApp } from '../../../src/adapters/platform/http/create-http-app.ts';
import type { RouteSpec } from '../../../src/adapters/platform/http/route.ts';
import { createLogger } from '../../../src/adapters/platform/system/logger.ts';
import { closeServer, listen } from '../../../src/adapters/platform/system/server.ts';
import { Conflict } from '../../../src/domain/kernel/errors.ts';
import { json } from '../../support/json.ts';

const echo: RouteSpec = {
  method: 'POST',
  path: '/api/echo/{id}',
  operationId: 'echo',
  summary: 'Echo',
  tags: ['test'],
  security: 'public',
  params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
  query: {
    type: 'object',
    additionalProperties: false,
    properties: { verbose: { type: 'boolean', default: false } },
  },
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { type: 'string', maxLength: 10 } },
  },
  responses: { 200: { description: 'Echo.' } },
  handler: (ctx, input) => {
    ctx.body = input;
  },
};

const failing: RouteSpec[] = [
  {
    method: 'GET',
    path: '/api/boom',
    operationId: 'boom',
    summary: 'Throws',
    tags: ['test'],
    security: 'public',
    responses: { 200: { description: 'Never.' } },
    handler: () => {
      throw new Error('secret database password is hunter2 at /srv/app.ts:12');
    },
  },
  {
    method: 'GET',
    path: '/api/conflict',
    operationId: 'conflict',
    summary: 'Conflicts',
    tags: ['test'],
    security: 'public',
    responses: { 200: { description: 'Never.' } },
    handler: () => {
      throw new Conflict('the run is already finished');
    },
  },
  {
    method: 'GET',
    path: '/api/unserialisable',
    operationId: 'unserialisable',
    summary: 'Answers a body JSON cannot write',
    tags: ['test'],
    security: 'public',
    responses: { 200: { description: 'Never.' } },
    handler: (ctx) => {
      ctx.body = { count: 1n };
    },
  },
];

describe('HTTP app (real socket)', () => {
  let server: Server;
  let base: string;

  before(async () => {
    const app = createHttpApp({
      logger: createLogger('silent'),
      routes: [echo, ...failing],
      authenticators: {},
      maxJsonBodyBytes: 1024,
      apiRateLimitPerMinute: 1000,
      trustedProxies: [],
    });
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => closeServer(server, 100));

  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${base}/api/echo/7?verbose=true`, { method: 'POST', headers, body });

  it('validates and coerces params, query and body, and applies defaults', async () => {
    const response = await post('{"name":"ada"}');
    expect(response.status).to.equal(200);
    expect(await json(response)).to.deep.equal({
      params: { id: 7 },
      query: { verbose: true },
      body: { name: 'ada' },
    });
  });

  it('answers malformed JSON with 400 invalid_request problem+json', async () => {
    const response = await post('{"name": ');
    expect(response.status).to.equal(400);
    expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    const problem = await json(response);
    expect(problem).to.include({ status: 400, code: 'invalid_request', title: 'Bad Request' });
    expect(problem.type).to.be.a('string');
  });

  it('rejects unknown body fields and schema violations with 400 validation_failed and a path per error', async () => {
    const response = await post('{"name":"far too long a name","nmae":"x"}');
    expect(response.status).to.equal(400);
    const problem = await json(response);
    expect(problem.code).to.equal('validation_failed');
    expect(problem.errors).to.deep.include({ path: '/body/nmae', message: 'is not an allowed property' });
    expect(problem.errors.map((e: { path: string }) => e.path)).to.include('/body/name');
  });

  it('rejects a prototype-polluting key as an unknown field', async () => {
    const response = await post('{"name":"a","__proto__":{"admin":true}}');
    expect(response.status).to.equal(400);
    expect(({} as Record<string, unknown>).admin).to.equal(undefined);
  });

  it('rejects bad path and query values', async () => {
    const badParam = await fetch(`${base}/api/echo/zero`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"a"}',
    });
    expect((await json(badParam)).errors[0].path).to.equal('/params/id');
    const unknownQuery = await fetch(`${base}/api/echo/1?verbos=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"a"}',
    });
    expect(unknownQuery.status).to.equal(400);
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await post('name=ada', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.status).to.equal(415);
    expect((await json(response)).code).to.equal('unsupported_media_type');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(5000) }));
    expect(response.status).to.equal(413);
    expect((await json(response)).code).to.equal('payload_too_large');
  });

  it('answers an unknown route with 404 and a known path with a wrong method with 405 and Allow', async () => {
    const missing = await fetch(`${base}/api/nothing-here`);
    expect(missing.status).to.equal(404);
    expect((await json(missing)).code).to.equal('not_found');
    const wrongMethod = await fetch(`${base}/api/echo/1`, { method: 'DELETE' });
    expect(wrongMethod.status).to.equal(405);
    expect(wrongMethod.headers.get('allow')).to.include('POST');
    expect((await json(wrongMethod)).code).to.equal('method_not_allowed');
  });

  it('blocks /docs, /redoc and /openapi.json for every method and credential', async () => {
    for (const path of ['/docs', '/redoc', '/openapi.json', '/docs/', '/OPENAPI.json']) {
      for (const method of ['GET', 'POST', 'HEAD', 'DELETE']) {
        const response = await fetch(`${base}${path}`, { method, headers: { authorization: 'Bearer x' } });
        expect(response.status, `${method} ${path}`).to.equal(404);
      }
    }
  });

  it('hides the cause of an unexpected error behind a 500 internal_error', async () => {
    const response = await fetch(`${base}/api/boom`);
    expect(response.status).to.equal(500);
    const text = await response.text();
    expect(text).not.to.match(/hunter2|app\.ts|at /);
    expect(JSON.parse(text).code).to.equal('internal_error');
  });

  it('answers a body that cannot be serialised with a 500 problem+json, never plain text', async () => {
    const response = await fetch(`${base}/api/unserialisable`);
    expect(response.status).to.equal(500);
    expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect((await json(response)).code).to.equal('internal_error');
  });

  it('maps domain errors through the kind table', async () => {
    const response = await fetch(`${base}/api/conflict`);
    expect(response.status).to.equal(409);
    expect(await json(response)).to.include({ code: 'conflict', detail: 'the run is already finished' });
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const echoed = await fetch(`${base}/api/nothing`, { headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers.get('x-request-id')).to.equal('abc-123');
    const replaced = await fetch(`${base}/api/nothing`, {
      headers: { 'x-request-id': 'bad id with spaces and / slashes' },
    });
    expect(replaced.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });
});

describe('API rate limit headers (real socket)', () => {
  let server: Server;
  let base: string;

  before(async () => {
    const app = createHttpApp({
      logger: createLogger('silent'),
      routes: failing,
      authenticators: {},
      maxJsonBodyBytes: 1024,
      apiRateLimitPerMinute: 2,
      trustedProxies: [],
    });
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => closeServer(server, 100));

  it('announces the policy and the remaining quota, then answers 429 with Retry-After', async () => {
    const first = await fetch(`${base}/api/conflict`);
    expect(first.headers.get('ratelimit-policy')).to.equal('"default";q=2;w=60');
    expect(first.headers.get('ratelimit')).to.match(/^"default";r=1;t=\d+$/);
    await fetch(`${base}/api/conflict`);
    const third = await fetch(`${base}/api/conflict`, { headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(third.status).to.equal(429);
    expect(Number(third.headers.get('retry-after'))).to.be.within(1, 60);
    expect(third.headers.get('ratelimit')).to.match(/^"default";r=0;t=\d+$/);
  });
});

describe('access log (real socket)', () => {
  it('logs one line per request without headers, query or the webhook path', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const app = createHttpApp({
      logger,
      routes: failing,
      authenticators: {},
      maxJsonBodyBytes: 1024,
      apiRateLimitPerMinute: 1000,
      trustedProxies: [],
    });
    const server = await listen(app, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await fetch(`${base}/api/triggers/webhook/s3cret-path-abcdef?token=query-secret`, {
        method: 'POST',
        headers: { authorization: 'Bearer header-secret', cookie: 'session=cookie-secret' },
        body: 'body-secret',
      });
    } finally {
      await closeServer(server, 100);
    }
    const log = lines.join('');
    expect(log).to.include('"path":"/api/triggers/webhook/{webhook_path}"');
    for (const secret of ['s3cret-path', 'query-secret', 'header-secret', 'cookie-secret', 'body-secret']) {
      expect(log).not.to.include(secret);
    }
  });
});
