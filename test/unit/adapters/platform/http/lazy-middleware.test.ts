import { expect } from 'chai';
import type { Context, Middleware } from 'koa';
import { lazyMiddleware } from '../../../../../src/adapters/platform/http/lazy-middleware.ts';

const ctx = () => ({ state: {} }) as unknown as Context;
const next = async () => {};

describe('lazyMiddleware', () => {
  it('makes the middleware once, on the first request, and every request (concurrent ones too) goes to it', async () => {
    let made = 0;
    const served: Context[] = [];
    const lazy = lazyMiddleware(async () => {
      made++;
      return (async (context: Context) => {
        served.push(context);
      }) as Middleware;
    });
    expect(made).to.equal(0);
    const requests = [ctx(), ctx(), ctx()];
    await Promise.all(requests.map((request) => lazy(request, next)));
    await lazy(requests[0] as Context, next);
    expect(made).to.equal(1);
    expect(served).to.deep.equal([...requests, requests[0]]);
  });

  it('fails the requests while making fails, and makes it again on the next one', async () => {
    let attempts = 0;
    const lazy = lazyMiddleware(async () => {
      attempts++;
      if (attempts === 1) throw new Error('import failed');
      return (async (context: Context) => {
        context.state.served = true;
      }) as Middleware;
    });
    const first = ctx();
    let failure: unknown;
    await lazy(first, next).catch((error: unknown) => (failure = error));
    expect((failure as Error).message).to.equal('import failed');
    const second = ctx();
    await lazy(second, next);
    expect(second.state.served).to.equal(true);
    expect(attempts).to.equal(2);
  });
});
