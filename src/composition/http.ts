import type Koa from 'koa';
import { bearerAuthenticator } from '../adapters/api-keys/http/bearer-authenticator.ts';
import { bearerProblemDetail } from '../adapters/identity/http/bearer-problem-detail.ts';
import { createHttpApp } from '../adapters/platform/http/create-http-app.ts';
import { buildOpenApi } from '../adapters/platform/http/openapi.ts';
import type { RouteSpec } from '../adapters/platform/http/route.ts';
import { openApiRoute } from '../adapters/system/http/openapi-routes.ts';
import { webhookProblemDetail } from '../adapters/triggers/http/webhook-problem-detail.ts';
import { runOutcomeWebhooks } from '../adapters/webhooks/http/webhook-endpoint-schemas.ts';
import type { Config } from '../config.ts';
import { areaRoutes, type Cradle } from '../container.ts';
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
    httpApp: singleton(({ routes, authenticate, authenticateApiKey, webSurface, logger, isUnavailable }) =>
      createHttpApp({
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
      }),
    ),
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
      webhooks: runOutcomeWebhooks,
    });
  routes.push(openApiRoute(document));
  return routes;
}
