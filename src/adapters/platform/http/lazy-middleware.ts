import type { Context, Middleware, Next } from 'koa';

/**
 * A middleware made on its first request: `make` (a dynamic import, typically) runs once, then every request
 * goes to what it made. Requests that come while it runs wait for it; when it fails, they fail and the next
 * request tries again. For a surface most processes never serve, so that its modules stay out of memory.
 */
export function lazyMiddleware(make: () => Promise<Middleware>): Middleware {
  let made: Promise<Middleware> | undefined;
  return async function lazily(ctx: Context, next: Next): Promise<void> {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return (await made)(ctx, next);
  };
}
