import { Router } from '@koa/router';
import { expect } from 'chai';
import type { Context } from 'koa';
import { mountRoutes } from '../../../../../src/adapters/platform/http/mount-routes.ts';
import type { RouteSpec } from '../../../../../src/adapters/platform/http/route.ts';
import { bearerRoutes } from '../../../../../src/adapters/platform/http/route-groups.ts';

const declared = (route: Partial<RouteSpec>): RouteSpec => ({
  method: 'POST',
  path: '/api/things/{id}',
  operationId: 'doThing',
  summary: 'Does a thing',
  tags: ['test'],
  security: 'public',
  responses: { 204: { description: 'Done.' } },
  handler: () => {},
  ...route,
});

const mount = (route: RouteSpec, authenticators = {}) =>
  mountRoutes(new Router(), [route], { maxJsonBodyBytes: 1024, authenticators });

describe('mountRoutes', () => {
  it('refuses a route whose security has neither an authenticator nor a use case named behind it', () => {
    expect(() => mount(declared({ security: 'bearer' }))).to.throw('nothing authenticates doThing');
    expect(() => mount(declared({ security: 'webhookSignature' }))).to.throw('nothing authenticates doThing');
  });

  it('lets only a webhook signature be checked by the use case: a bearer route naming one is refused', () => {
    expect(() => mount(declared({ security: 'bearer', authenticatedBy: 'doThing' }))).to.throw(
      'only a webhook signature',
    );
  });

  it('mounts a route that names the use case checking its credential, or has an authenticator', () => {
    expect(() =>
      mount(declared({ security: 'webhookSignature', authenticatedBy: 'receiveThing' })),
    ).not.to.throw();
    expect(() => mount(declared({ security: 'bearer' }), { bearer: () => {} })).not.to.throw();
  });
});

describe('mountRoutes exact dispatch', () => {
  const answered: string[] = [];
  const route = (operationId: string, path: string) =>
    declared({ method: 'GET', operationId, path, handler: () => void answered.push(operationId) });
  const request = (method: string, path: string) =>
    ({ method, path, query: {}, request: {}, state: {} }) as unknown as Context & { routerPath?: string };

  it('answers a route without parameters by its exact method and path, named as the router would name it', async () => {
    const dispatch = mountRoutes(new Router(), [route('listThings', '/api/things')], {
      maxJsonBodyBytes: 1024,
      authenticators: {},
    });
    const ctx = request('GET', '/api/things');
    let passedOn = false;
    await dispatch(ctx, async () => {
      passedOn = true;
    });
    expect([answered.pop(), passedOn, ctx.routerPath, ctx._matchedRoute]).to.deep.equal([
      'listThings',
      false,
      '/api/things',
      '/api/things',
    ]);
    for (const [method, path] of [
      ['POST', '/api/things'],
      ['GET', '/api/things/'],
      ['GET', '/API/things'],
      ['HEAD', '/api/things'],
    ] as const) {
      passedOn = false;
      await dispatch(request(method, path), async () => {
        passedOn = true;
      });
      expect(passedOn, `${method} ${path} goes on to the router`).to.equal(true);
    }
    expect(answered).to.deep.equal([]);
  });

  it('leaves to the router a path an earlier route with a parameter also matches (that one wins there)', async () => {
    const dispatch = mountRoutes(
      new Router(),
      [route('getThing', '/api/things/{id}'), route('searchThings', '/api/things/search')],
      { maxJsonBodyBytes: 1024, authenticators: {} },
    );
    let passedOn = false;
    await dispatch(request('GET', '/api/things/search'), async () => {
      passedOn = true;
    });
    expect(passedOn).to.equal(true);
    expect(answered).to.deep.equal([]);
  });
});

describe('bearerRoutes', () => {
  it('declares the bearer security, its 401 and the tag, and hands the handler the authenticated caller', async () => {
    let seen: unknown;
    const route = bearerRoutes('things').post('/api/things/{id}', {
      operationId: 'doThing',
      summary: 'Does a thing',
      errors: [409],
      responses: { 204: { description: 'Done.' } },
      handler: (_ctx, { principal, params }) => {
        seen = { principal, id: params.id };
      },
    });
    expect(route).to.include({ method: 'POST', path: '/api/things/{id}', security: 'bearer' });
    expect(route.tags).to.deep.equal(['things']);
    expect(route.errors).to.deep.equal([401, 409]);
    const principal = { userId: 'u1', sessionId: 's1' };
    await route.handler({ state: { principal } } as unknown as Context, {
      params: { id: '7' },
      query: {},
      body: {},
    });
    expect(seen).to.deep.equal({ principal, id: '7' });
  });
});
