import type Koa from 'koa';
import { bearerAuthenticator } from '../adapters/api-keys/http/bearer-authenticator.ts';
import { approvalRequestedWebhook } from '../adapters/blueprints/http/approval-presenters.ts';
import { bearerProblemDetail } from '../adapters/identity/http/bearer-problem-detail.ts';
import { createHttpApp } from '../adapters/platform/http/create-http-app.ts';
import { buildOpenApi } from '../adapters/platform/http/openapi.ts';
import type { ObservedRequest } from '../adapters/platform/http/request-metrics.ts';
import type { RouteSpec } from '../adapters/platform/http/route.ts';
import { openApiRoute } from '../adapters/system/http/openapi-routes.ts';
import { webhookProblemDetail } from '../adapters/triggers/http/webhook-problem-detail.ts';
import { runOutcomeWebhooks } from '../adapters/webhooks/http/webhook-endpoint-schemas.ts';
import type { Metrics } from '../application/kernel/ports/metrics.ts';
import type { Config } from '../config.ts';
import { areaRoutes, type Cradle, declareAreaMetrics } from '../container.ts';
import { type Registrations, registrar } from './registration.ts';

/** The driving HTTP adapter: every area's routes (validation and OpenAPI from one declaration), and the Koa app. */
export interface HttpCradle {
  routes: RouteSpec[];
  httpApp: Koa;
}

const { singleton } = registrar<Cradle>();

export function http(config: Config): Registrations<HttpCradle> {
  return {
    routes: singleton((cradle) => apiRoutes(cradle, config)),
    httpApp: singleton((cradle) => {
      const { routes, authenticate, authenticateApiKey, webSurface, logger, isUnavailable, metrics, tracer } =
        cradle;
      // Every area's metrics listed from the first scrape, not from the first use of each.
      if (config.metrics.port !== undefined) declareAreaMetrics(cradle);
      return createHttpApp({
        logger,
        routes,
        authenticators: { bearer: bearerAuthenticator({ authenticate, authenticateApiKey }) },
        maxJsonBodyBytes: config.maxJsonBodyBytes,
        apiRateLimitPerMinute: config.apiRateLimit,
        trustedProxies: config.trustedProxies,
        isUnavailable,
        problemDetails: [bearerProblemDetail, webhookProblemDetail],
        databaseWaitBudgetMs: config.databaseDeadlines.requestBudgetMs,
        web: webSurface,
        observeRequest: config.metrics.port === undefined ? undefined : httpMetrics(metrics),
        tracer,
      });
    }),
  };
}

/** Requests by route template (never the path), method and status; their durations; those throttled (429). */
function httpMetrics(metrics: Metrics): (request: ObservedRequest) => void {
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = metrics.counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
  });
  const durations = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the application to its answer',
    labelNames,
  });
  const throttled = metrics.counter({
    name: 'http_throttled_requests_total',
    help: 'Requests refused by a rate limit (429): API, login, refresh and webhook budgets',
    labelNames: ['route'],
  });
  return ({ route, method, status, seconds }) => {
    const labels = { route, method, status: String(status) };
    requests.inc(labels);
    durations.observe(labels, seconds);
    if (status === 429) throttled.inc({ route });
  };
}

function apiRoutes(cradle: Cradle, config: Config): RouteSpec[] {
  const routes = areaRoutes(cradle);
  const document = () =>
    buildOpenApi(routes, {
      title: 'Workflow and agent platform API',
      version: '2.0.0',
      description:
        'Backend HTTP API. Authenticate with `POST /api/auth/login`, then send the access token as a bearer; ' +
        'machines send a workspace API key (`pk_...`, from `POST /api/workspaces/{id}/api-keys`) the same way.',
      serverUrl: config.publicUrl,
      webhooks: [...runOutcomeWebhooks, approvalRequestedWebhook],
    });
  routes.push(openApiRoute(document));
  return routes;
}
