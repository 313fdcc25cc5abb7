import {
  type AwilixContainer,
  asFunction,
  asValue,
  createContainer as createAwilixContainer,
  InjectionMode,
} from 'awilix';
import type Koa from 'koa';
import { createHttpApp } from './adapters/http/create-http-app.ts';
import { buildOpenApi } from './adapters/http/openapi.ts';
import type { RouteSpec } from './adapters/http/route.ts';
import { openApiRoute } from './adapters/http/routes/openapi-routes.ts';
import { systemRoutes } from './adapters/http/routes/system-routes.ts';
import type { Orm } from './adapters/persistence/postgres/orm.ts';
import { PostgresReadinessProbe } from './adapters/persistence/postgres/postgres-readiness-probe.ts';
import type { Logger } from './adapters/system/logger.ts';
import type { ReadinessProbe } from './application/ports/readiness-probe.ts';
import { type CheckReadiness, makeCheckReadiness } from './application/system/check-readiness.ts';
import type { Config } from './config.ts';

/** Everything the composition root can resolve. */
export interface Cradle {
  config: Config;
  logger: Logger;
  orm: Orm;
  readinessProbe: ReadinessProbe;
  checkReadiness: CheckReadiness;
  routes: RouteSpec[];
  httpApp: Koa;
}

export interface Infrastructure {
  readonly config: Config;
  readonly logger: Logger;
  readonly orm: Orm;
}

/** The one composition root: configuration and infrastructure in, a fully wired application out. */
export function createContainer({ config, logger, orm }: Infrastructure): AwilixContainer<Cradle> {
  const container = createAwilixContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  container.register({
    config: asValue(config),
    logger: asValue(logger),
    orm: asValue(orm),
    readinessProbe: asFunction((deps: { orm: Orm }) => new PostgresReadinessProbe(deps)).singleton(),
    checkReadiness: asFunction(makeCheckReadiness).singleton(),
    routes: asFunction((deps: Cradle) => apiRoutes(deps)).singleton(),
    httpApp: asFunction(({ routes }: Cradle) =>
      createHttpApp({
        logger,
        routes,
        authenticators: {},
        maxJsonBodyBytes: config.maxJsonBodyBytes,
        trustProxy: config.trustedProxies.length > 0,
      }),
    ).singleton(),
  });
  return container;
}

function apiRoutes(deps: Cradle): RouteSpec[] {
  const routes: RouteSpec[] = [...systemRoutes(deps)];
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
