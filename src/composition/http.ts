import { bearerAuthenticator } from '../adapters/http/bearer-authenticator.ts';
import { createHttpApp } from '../adapters/http/create-http-app.ts';
import { buildOpenApi } from '../adapters/http/openapi.ts';
import type { RouteSpec } from '../adapters/http/route.ts';
import { apiKeyRoutes } from '../adapters/http/routes/api-key-routes.ts';
import { authRoutes } from '../adapters/http/routes/auth-routes.ts';
import { deliveryRoutes } from '../adapters/http/routes/delivery-routes.ts';
import { invitationRoutes } from '../adapters/http/routes/invitation-routes.ts';
import { loginSessionRoutes } from '../adapters/http/routes/login-session-routes.ts';
import { missionRoutes } from '../adapters/http/routes/mission-routes.ts';
import { openApiRoute } from '../adapters/http/routes/openapi-routes.ts';
import { runEventRoutes } from '../adapters/http/routes/run-event-routes.ts';
import { runRoutes } from '../adapters/http/routes/run-routes.ts';
import { scheduleRoutes } from '../adapters/http/routes/schedule-routes.ts';
import { sessionRoute } from '../adapters/http/routes/session-route.ts';
import { systemRoutes } from '../adapters/http/routes/system-routes.ts';
import { triggerRoutes } from '../adapters/http/routes/trigger-routes.ts';
import { webhookEndpointRoutes } from '../adapters/http/routes/webhook-endpoint-routes.ts';
import { webhookRoutes } from '../adapters/http/routes/webhook-routes.ts';
import { workspaceRoutes } from '../adapters/http/routes/workspace-routes.ts';
import { runOutcomeWebhooks } from '../adapters/http/schemas/webhook-endpoints.ts';
import type { Config } from '../config.ts';
import type { Cradle, HttpCradle } from './cradle.ts';
import { type Registrations, singleton } from './registration.ts';

/** The driving HTTP adapter: every route declared once (validation and OpenAPI), and the Koa app. */
export function http(config: Config): Registrations<keyof HttpCradle> {
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
        databaseWaitBudgetMs: config.databaseDeadlines.requestBudgetMs,
        web: webSurface,
      }),
    ),
  };
}

function apiRoutes(cradle: Cradle, config: Config): RouteSpec[] {
  const routes: RouteSpec[] = [
    ...systemRoutes(cradle),
    ...authRoutes(cradle, { signupEnabled: config.signupEnabled }),
    ...loginSessionRoutes(cradle),
    sessionRoute(cradle),
    ...workspaceRoutes(cradle),
    ...invitationRoutes(cradle),
    ...apiKeyRoutes(cradle),
    ...missionRoutes(cradle),
    ...runRoutes(cradle),
    ...runEventRoutes(cradle, { heartbeatSeconds: config.runs.eventStreamHeartbeatSeconds }),
    ...scheduleRoutes(cradle),
    ...webhookRoutes(cradle),
    ...triggerRoutes(cradle),
    ...deliveryRoutes(cradle),
    ...webhookEndpointRoutes(cradle),
  ];
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
