import { apiKeyRoutes } from '../adapters/api-keys/http/api-key-routes.ts';
import { bearerAuthenticator } from '../adapters/api-keys/http/bearer-authenticator.ts';
import { authRoutes } from '../adapters/identity/http/auth-routes.ts';
import { loginSessionRoutes } from '../adapters/identity/http/login-session-routes.ts';
import { sessionRoute } from '../adapters/identity/http/session-route.ts';
import { missionRoutes } from '../adapters/missions/http/mission-routes.ts';
import { createHttpApp } from '../adapters/platform/http/create-http-app.ts';
import { buildOpenApi } from '../adapters/platform/http/openapi.ts';
import type { RouteSpec } from '../adapters/platform/http/route.ts';
import { runEventRoutes } from '../adapters/runs/http/run-event-routes.ts';
import { runRoutes } from '../adapters/runs/http/run-routes.ts';
import { scheduleRoutes } from '../adapters/schedules/http/schedule-routes.ts';
import { openApiRoute } from '../adapters/system/http/openapi-routes.ts';
import { systemRoutes } from '../adapters/system/http/system-routes.ts';
import { deliveryRoutes } from '../adapters/triggers/http/delivery-routes.ts';
import { triggerRoutes } from '../adapters/triggers/http/trigger-routes.ts';
import { webhookRoutes } from '../adapters/triggers/http/webhook-routes.ts';
import { webhookEndpointRoutes } from '../adapters/webhooks/http/webhook-endpoint-routes.ts';
import { runOutcomeWebhooks } from '../adapters/webhooks/http/webhook-endpoint-schemas.ts';
import { invitationRoutes } from '../adapters/workspaces/http/invitation-routes.ts';
import { workspaceRoutes } from '../adapters/workspaces/http/workspace-routes.ts';
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
