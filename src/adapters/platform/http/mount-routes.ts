import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { DomainError } from '../../../domain/kernel/errors.ts';
import { illFormedPart } from '../../../domain/kernel/well-formed-json.ts';
import { jsonBody } from './body-parsers.ts';
import { isRawBody, type RouteInput, type RouteSpec, type Security } from './route.ts';
import { compileValidator, ValidationFailed, type Validator } from './validation.ts';

export type Authenticators = Partial<Record<Exclude<Security, 'public'>, Middleware>>;

export interface MountOptions {
  readonly maxJsonBodyBytes: number;
  readonly authenticators: Authenticators;
}

class UnsupportedMediaType extends DomainError {
  constructor() {
    super('unsupported', 'unsupported_media_type', 'this route accepts only application/json bodies');
  }
}

/**
 * Registers each declared route: authentication, body parsing, validation, then the handler. Answers the
 * middleware that dispatches the routes without a parameter (`/healthz`, `/api/auth/me`) by a map lookup, put
 * before the router: the router tests every route's pattern in turn, parses the Host header and composes a
 * chain on each request, most of a small request's routing cost. A path the map does not hold exactly (another
 * method, a trailing slash, other letter case, HEAD) goes on to the router, which answers it as before.
 */
export function mountRoutes(router: Router, routes: readonly RouteSpec[], options: MountOptions): Middleware {
  const stacks = new Map<RouteSpec, Middleware[]>();
  for (const route of routes) {
    const stack: Middleware[] = [];
    const authenticate = authenticatorOf(route, options.authenticators);
    if (authenticate) stack.push(authenticate);
    const parsesJson = route.body !== undefined && !isRawBody(route.body);
    if (parsesJson) stack.push(requireJson, jsonBody(route.maxBodyBytes ?? options.maxJsonBodyBytes));
    stack.push(validateAndHandle(route));
    stacks.set(route, stack);
    router.register(toKoaPath(route.path), [route.method], stack, { name: route.operationId });
  }
  const exact = new Map<string, (ctx: Context) => Promise<void>>();
  for (const [route, stack] of stacks) {
    // Only where the router would pick this very route first (no earlier pattern matches the same path).
    const first = router.match(route.path, route.method).pathAndMethod[0];
    if (route.path.includes('{') || first?.path !== route.path) continue;
    exact.set(`${route.method} ${route.path}`, chain(route.path, stack));
  }
  return function dispatchExact(ctx: Context, next: Next) {
    const handle = exact.get(`${ctx.method} ${ctx.path}`);
    return handle ? handle(ctx) : next();
  };
}

/** Runs `stack` as the router would for the route `path` (which names the route for the log and metrics). */
function chain(path: string, stack: readonly Middleware[]): (ctx: Context) => Promise<void> {
  const done = Promise.resolve();
  // Every middleware of a route's stack is an async function: its promise is passed on as it is.
  const run = stack.reduceRight<(ctx: Context) => Promise<void>>(
    (next, middleware) => (ctx) => middleware(ctx, () => next(ctx)) as Promise<void>,
    () => done,
  );
  return (ctx) => {
    ctx.params = {};
    ctx.routerPath = path;
    ctx._matchedRoute = path;
    return run(ctx);
  };
}

/**
 * A route's security must have something behind it: an authenticator, or (only for a webhook signature,
 * which covers the raw body the use case reads under the trigger's own limit) the use case it names.
 */
function authenticatorOf(route: RouteSpec, authenticators: Authenticators): Middleware | undefined {
  if (route.security === 'public') return undefined;
  const authenticate = authenticators[route.security];
  if (route.authenticatedBy && route.security !== 'webhookSignature') {
    throw new Error(`${route.operationId}: only a webhook signature may be checked by the use case`);
  }
  if (!authenticate && !route.authenticatedBy) {
    throw new Error(`nothing authenticates ${route.operationId}: no ${route.security} authenticator`);
  }
  return authenticate;
}

export function toKoaPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

async function requireJson(ctx: Context, next: Next): Promise<void> {
  if (ctx.request.length > 0 || ctx.get('Transfer-Encoding')) {
    if (!ctx.is('application/json', '+json')) throw new UnsupportedMediaType();
  }
  await next();
}

/**
 * Every request's path, query and JSON body against the rules of well-formed-json.ts, before its schema: 400
 * here is the only answer such a value gets, whatever the route would have done with it.
 */
function assertWellFormed(location: 'params' | 'query' | 'body', value: unknown): void {
  const part = illFormedPart(value);
  if (part) throw new ValidationFailed([{ path: `/${location}${part.pointer}`, message: part.problem }]);
}

/** Routes that declare no query accept none: an unknown parameter is a 400, like an unknown body field. */
const rejectUnknownQuery = compileValidator('query', { type: 'object', additionalProperties: false });

function validateAndHandle(route: RouteSpec): Middleware {
  const validators: Partial<Record<'params' | 'query' | 'body', Validator>> = {
    params: route.params && compileValidator('params', route.params),
    query: route.query && compileValidator('query', route.query),
    body: route.body && !isRawBody(route.body) ? compileValidator('body', route.body) : undefined,
  };
  // A route that takes no params, query or body: a request sending none has nothing to copy or check (`/healthz`,
  // `/api/auth/me`: most of the checks' cost on such a request); one that sends a query goes the whole way (400).
  const takesNothing = !route.path.includes('{') && !route.query && route.body === undefined;
  return async function handle(ctx: Context): Promise<void> {
    if (takesNothing && ctx.querystring === '' && ctx.request.body === undefined) {
      return route.handler(ctx, { params: {}, query: {}, body: {} });
    }
    const params = { ...(ctx.params as Record<string, string>) };
    const query: Record<string, unknown> = { ...ctx.query };
    const body = ctx.request.body ?? {};
    assertWellFormed('params', params);
    assertWellFormed('query', query);
    assertWellFormed('body', body);
    validators.params?.(params);
    (validators.query ?? rejectUnknownQuery)(query);
    validators.body?.(body);
    const input: RouteInput = { params, query, body };
    await route.handler(ctx, input);
  };
}
