import type { Context, Next } from 'koa';

/** One finished request, in bounded labels only. */
export interface ObservedRequest {
  /** The matched route's template (`/api/runs/:id`), never the path: `unmatched` when no route matched. */
  readonly route: string;
  readonly method: string;
  readonly status: number;
  readonly seconds: number;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Reports every request once it is answered (errors included: it runs outside the error middleware). A route
 * template comes from the router's declared routes, a fixed set; the raw path would give one series per
 * webhook path or run id.
 */
export function requestMetrics(observe: (request: ObservedRequest) => void) {
  return async function observeRequest(ctx: Context, next: Next): Promise<void> {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = ctx.routerPath ?? ctx._matchedRoute;
      observe({
        route: typeof route === 'string' ? route : 'unmatched',
        method: METHODS.has(ctx.method) ? ctx.method : 'OTHER',
        status: ctx.status,
        seconds: (performance.now() - started) / 1000,
      });
    }
  };
}
