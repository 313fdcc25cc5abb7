import {
  type AwilixContainer,
  asClass,
  asFunction,
  asValue,
  createContainer as createAwilixContainer,
  InjectionMode,
} from 'awilix';
import type Koa from 'koa';
import { bearerAuthenticator } from './adapters/http/bearer-authenticator.ts';
import { createHttpApp } from './adapters/http/create-http-app.ts';
import { buildOpenApi } from './adapters/http/openapi.ts';
import type { RouteSpec } from './adapters/http/route.ts';
import { authRoutes } from './adapters/http/routes/auth-routes.ts';
import { deliveryRoutes } from './adapters/http/routes/delivery-routes.ts';
import { loginSessionRoutes } from './adapters/http/routes/login-session-routes.ts';
import { missionRoutes } from './adapters/http/routes/mission-routes.ts';
import { openApiRoute } from './adapters/http/routes/openapi-routes.ts';
import { runRoutes } from './adapters/http/routes/run-routes.ts';
import { sessionRoute } from './adapters/http/routes/session-route.ts';
import { systemRoutes } from './adapters/http/routes/system-routes.ts';
import { triggerRoutes } from './adapters/http/routes/trigger-routes.ts';
import { webhookRoutes } from './adapters/http/routes/webhook-routes.ts';
import { workspaceRoutes } from './adapters/http/routes/workspace-routes.ts';
import { isDatabaseUnavailable } from './adapters/persistence/postgres/database-unavailable.ts';
import { MikroOrmUnitOfWork } from './adapters/persistence/postgres/mikro-orm-unit-of-work.ts';
import type { Orm } from './adapters/persistence/postgres/orm.ts';
import { PostgresReadinessProbe } from './adapters/persistence/postgres/postgres-readiness-probe.ts';
import type { Logger } from './adapters/system/logger.ts';
import { SystemClock } from './adapters/system/system-clock.ts';
import { UuidV7IdGenerator } from './adapters/system/uuid-v7-id-generator.ts';
import type { Clock } from './application/ports/clock.ts';
import type { IdGenerator } from './application/ports/id-generator.ts';
import type { ReadinessProbe } from './application/ports/readiness-probe.ts';
import type { UnitOfWork } from './application/ports/unit-of-work.ts';
import { type CheckReadiness, makeCheckReadiness } from './application/system/check-readiness.ts';
import { type BrowserSurfaceCradle, registerBrowserSurface } from './composition/browser-surface.ts';
import { type IdentityCradle, registerIdentity } from './composition/identity.ts';
import { registerWebhookTriggers, type WebhookTriggersCradle } from './composition/webhook-triggers.ts';
import {
  registerWorkspacesMissionsRuns,
  type WorkspacesMissionsRunsCradle,
} from './composition/workspaces-missions-runs.ts';
import type { Config } from './config.ts';

/** Everything the composition root can resolve: the shared core, each area's part, and the HTTP app. */
export interface Cradle
  extends IdentityCradle,
    BrowserSurfaceCradle,
    WorkspacesMissionsRunsCradle,
    WebhookTriggersCradle {
  config: Config;
  logger: Logger;
  orm: Orm;
  masterKey: Buffer;
  clock: Clock;
  ids: IdGenerator;
  unitOfWork: UnitOfWork;
  readinessProbe: ReadinessProbe;
  checkReadiness: CheckReadiness;
  routes: RouteSpec[];
  httpApp: Koa;
}

export interface Infrastructure {
  readonly config: Config;
  readonly logger: Logger;
  readonly orm: Orm;
  /** The URL the ORM connected to (the rate-limit store opens its own small pool on it). */
  readonly databaseUrl: string;
  /** 32 bytes from which every at-rest encryption and token key is derived. */
  readonly masterKey: Buffer;
}

/** The one composition root: configuration and infrastructure in, a fully wired application out. */
export function createContainer(infrastructure: Infrastructure): AwilixContainer<Cradle> {
  const { config, logger } = infrastructure;
  const container = createAwilixContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  container.register({
    config: asValue(config),
    logger: asValue(logger),
    orm: asValue(infrastructure.orm),
    masterKey: asValue(infrastructure.masterKey),
    clock: asClass(SystemClock).singleton(),
    ids: asClass(UuidV7IdGenerator).singleton(),
    unitOfWork: asClass(MikroOrmUnitOfWork).singleton(),
    readinessProbe: asClass(PostgresReadinessProbe).singleton(),
    checkReadiness: asFunction(makeCheckReadiness).singleton(),
  });
  registerIdentity(container, infrastructure);
  registerBrowserSurface(container, config);
  registerWorkspacesMissionsRuns(container, config);
  registerWebhookTriggers(container, config);
  container.register({
    routes: asFunction((deps: Cradle) => apiRoutes(deps)).singleton(),
    httpApp: asFunction(({ routes, authenticate, webSurface }: Cradle) =>
      createHttpApp({
        logger,
        routes,
        authenticators: { bearer: bearerAuthenticator(authenticate) },
        maxJsonBodyBytes: config.maxJsonBodyBytes,
        apiRateLimitPerMinute: config.apiRateLimit,
        trustedProxies: config.trustedProxies,
        isUnavailable: isDatabaseUnavailable,
        web: webSurface,
      }),
    ).singleton(),
  });
  return container;
}

function apiRoutes(deps: Cradle): RouteSpec[] {
  const routes: RouteSpec[] = [
    ...systemRoutes(deps),
    ...authRoutes(deps, { signupEnabled: deps.config.signupEnabled }),
    ...loginSessionRoutes(deps),
    sessionRoute(deps),
    ...workspaceRoutes(deps),
    ...missionRoutes(deps),
    ...runRoutes(deps),
    ...webhookRoutes(deps),
    ...triggerRoutes(deps),
    ...deliveryRoutes(deps),
  ];
  const document = () =>
    buildOpenApi(routes, {
      title: 'Workflow and agent platform API',
      version: '2.0.0',
      description:
        'Backend HTTP API. Authenticate with `POST /api/auth/login`, then send the access token as a bearer.',
      serverUrl: deps.config.publicUrl,
    });
  routes.push(openApiRoute(document));
  return routes;
}
