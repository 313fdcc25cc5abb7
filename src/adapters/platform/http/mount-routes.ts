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

/** Registers each declared route: authentication, body parsing, validation, then the handler. */
export function mountRoutes(router: Router, routes: readonly RouteSpec[], options: MountOptions): void {
  for (const route of routes) {
    const stack: Middleware[] = [];
    const authenticate = authenticatorOf(route, options.authenticators);
    if (authenticate) stack.push(authenticate);
    const parsesJson = route.body !== undefined && !isRawBody(route.body);
    if (parsesJson) stack.push(requireJson, jsonBody(route.maxBodyBytes ?? options.maxJsonBodyBytes));
    stack.push(validateAndHandle(route));
    router.register(toKoaPath(route.path), [route.method], stack, { name: route.operationId });
  }
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
  return async function handle(ctx: Context): Promise<void> {
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
