import Koa, { type Context, type Middleware, type Next } from 'koa';
import type { Logger } from 'pino';
import type { Tracer } from '../../../application/kernel/ports/tracer.ts';
import { NotFound } from '../../../domain/kernel/errors.ts';
import { withWaitBudget } from '../system/wait-budget.ts';
import { accessLog } from './access-log.ts';
import { apiRateLimit } from './api-rate-limit.ts';
import { clientIp } from './client-ip.ts';
import { errorMiddleware } from './error-middleware.ts';
import { Router } from './koa-router.ts';
import { type Authenticators, mountRoutes } from './mount-routes.ts';
import { sendProblem, titleFor } from './problem.ts';
import { requestId } from './request-id.ts';
import { type ObservedRequest, requestMetrics } from './request-metrics.ts';
import { requestTracing } from './request-tracing.ts';
import type { RouteSpec } from './route.ts';
import type { ProblemDetail } from './transport-detail.ts';

export interface HttpAppOptions {
  readonly logger: Logger;
  readonly routes: readonly RouteSpec[];
  readonly authenticators: Authenticators;
  readonly maxJsonBodyBytes: number;
  /** Proxies whose `X-Forwarded-For` is believed when finding the client address (exact IPs or CIDRs). */
  readonly trustedProxies: readonly string[];
  /** Requests per client address per minute on `/api/*` (with RateLimit headers); 429 beyond. */
  readonly apiRateLimitPerMinute: number;
  /**
   * What one request may wait on the database in all (see `WaitBudget`); past it, its next query fails as
   * unavailable (503). Unbounded when absent.
   */
  readonly databaseWaitBudgetMs?: number;
  /** Recognises errors that mean a dependency is down (answered 503 with Retry-After instead of 500). */
  readonly isUnavailable?: (error: unknown) => boolean;
  /** The areas' wordings of errors a client fixes in a header (see `ProblemDetail`). */
  readonly problemDetails?: readonly ProblemDetail[];
  /**
   * The browser surface (HTML pages with their own error pages), mounted before the API router. It gets every
   * request the API does not own: the API keeps `/api/*` and the paths of its declared routes (probes).
   */
  readonly web?: Middleware;
  /** Told of every answered request (route template, method, status, duration): the HTTP metrics. */
  readonly observeRequest?: (request: ObservedRequest) => void;
  /** A span per request (tracing on); none when absent. */
  readonly tracer?: Tracer;
}

/** SPEC section 7: the raw schema surfaces, blocked at the edge. */
const BLOCKED_PATHS = /^\/(?:docs|redoc|openapi\.json)\/*$/i;

/** Builds the Koa application without listening, so tests can bind it to an ephemeral port. */
export function createHttpApp(options: HttpAppOptions): Koa {
  const app = new Koa();
  app.silent = true;
  const router = new Router();
  const exactRoutes = mountRoutes(router, options.routes, {
    maxJsonBodyBytes: options.maxJsonBodyBytes,
    authenticators: options.authenticators,
  });

  // Middleware that do nothing once the rest has answered hand on `next()`'s promise rather than awaiting it:
  // an async function and its await on every request, for nothing.
  app.use(requestId);
  if (options.tracer?.enabled) app.use(requestTracing(options.tracer));
  app.use(resolveClientIp(options.trustedProxies));
  app.use(accessLog(options.logger));
  if (options.observeRequest) app.use(requestMetrics(options.observeRequest));
  app.use(errorMiddleware(options.logger, options.isUnavailable, options.problemDetails));
  const budgetMs = options.databaseWaitBudgetMs;
  if (budgetMs !== undefined) app.use((_ctx, next) => withWaitBudget(budgetMs, next));
  app.use(baseHeadersAndBlockedPaths);
  app.use(apiRateLimit(options.apiRateLimitPerMinute));
  if (options.web) app.use(outsideApi(options.web, options.routes));
  app.use(exactRoutes);
  app.use(router.routes());
  app.use(unmatched(router));
  return app;
}

/** `ctx.state.clientIp`: the socket peer, or the client behind a trusted proxy (never a forged header). */
function resolveClientIp(trustedProxies: readonly string[]) {
  return function setClientIp(ctx: Context, next: Next): Promise<void> {
    ctx.state.clientIp = clientIp(
      ctx.req.socket.remoteAddress ?? '',
      ctx.get('X-Forwarded-For') || undefined,
      trustedProxies,
    );
    return next();
  };
}

/**
 * The headers every answer carries, and SPEC section 7's blocked schema surfaces (404 whatever the method,
 * credentials, letter case or trailing slashes).
 */
function baseHeadersAndBlockedPaths(ctx: Context, next: Next): Promise<void> {
  const path = ctx.path;
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
  if (BLOCKED_PATHS.test(path)) throw new NotFound('this resource');
  return next();
}

function outsideApi(web: Middleware, routes: readonly RouteSpec[]): Middleware {
  const apiPaths = new Set(routes.map((route) => route.path).filter((path) => !path.startsWith('/api/')));
  return function dispatchOutsideApi(ctx: Context, next: Next) {
    const api = ctx.path === '/api' || ctx.path.startsWith('/api/') || apiPaths.has(ctx.path);
    return api ? next() : web(ctx, next);
  };
}

/** No route matched: a known path with another method is 405 with `Allow`, anything else 404. */
function unmatched(router: Router) {
  const allowed = router.allowedMethods();
  return async function answerUnmatched(ctx: Context, next: Next): Promise<void> {
    await allowed(ctx as never, next);
    if (ctx.body !== undefined) return;
    if (ctx.status === 404) throw new NotFound(`route ${ctx.method} ${ctx.path}`);
    if (ctx.status === 405 || ctx.status === 501) {
      sendProblem(ctx, {
        status: 405,
        code: 'method_not_allowed',
        title: titleFor(405),
        detail: `${ctx.method} is not allowed here; allowed: ${ctx.response.get('Allow')}`,
      });
    }
  };
}
