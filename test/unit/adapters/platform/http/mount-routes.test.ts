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
