import type { Context, Next } from 'koa';
import type { Tracer } from '../../../application/kernel/ports/tracer.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * One server span per request, continuing the caller's `traceparent` (a malformed one starts a new trace), named
 * `METHOD /route/{template}` once routed: never the raw path, which holds ids and webhook paths (a trigger's
 * secret). Its attributes are the method, the route template, the status and the request id: no header, query
 * or body.
 */
export function requestTracing(tracer: Tracer) {
  return function traceRequest(ctx: Context, next: Next): Promise<void> {
    const method = METHODS.has(ctx.method) ? ctx.method : 'OTHER';
    return tracer.inSpan(
      method,
      async (span) => {
        try {
          await next();
        } finally {
          const route = routeTemplate(ctx);
          if (route) span.rename(`${method} ${route}`);
          span.set({
            ...(route && { 'http.route': route }),
            'http.response.status_code': ctx.status,
            'http.request.id': String(ctx.state.requestId ?? ''),
          });
          if (ctx.status >= 500) span.fail(String(ctx.status));
        }
      },
      { kind: 'server', remoteParent: ctx.get('traceparent'), attributes: { 'http.request.method': method } },
    );
  };
}

/** `/api/runs/{id}` from the router's `/api/runs/:id`; undefined when no route matched. */
function routeTemplate(ctx: Context): string | undefined {
  const route = ctx.routerPath ?? ctx._matchedRoute;
  return typeof route === 'string' ? route.replace(/:([A-Za-z0-9_]+)/g, '{$1}') : undefined;
}
