import type { Context } from 'koa';
import type { Principal } from '../../../domain/kernel/principal.ts';
import { idParams } from './common-schemas.ts';
import { principalOf } from './request-state.ts';
import type { HttpMethod, RouteSpec } from './route.ts';

/** `'id' | 'user_id'` from `'/api/workspaces/{id}/members/{user_id}'`. */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

/** What a grouped route's handler gets: the validated input, path parameters named by its path. */
export interface Input<P extends string> {
  readonly params: Readonly<Record<PathParams<P>, string>>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}

/** A bearer route's input also carries the caller its authenticator established. */
export interface BearerInput<P extends string> extends Input<P> {
  readonly principal: Principal;
}

type GroupSecurity = 'public' | 'bearer';
type InputOf<S extends GroupSecurity, P extends string> = S extends 'bearer' ? BearerInput<P> : Input<P>;

type Declaration<I> = Omit<
  RouteSpec,
  'method' | 'path' | 'tags' | 'security' | 'authenticatedBy' | 'handler'
> & {
  readonly handler: (ctx: Context, input: I) => Promise<void> | void;
};

type Declare<S extends GroupSecurity> = <P extends string>(
  path: P,
  declaration: Declaration<InputOf<S, P>>,
) => RouteSpec;

/**
 * Declares routes that share a security and a tag: `group.get(path, { operationId, ..., handler })`. A path
 * whose one parameter is `{id}` takes `idParams` unless it declares its own; any other parameter needs a schema.
 */
export type RouteGroup<S extends GroupSecurity> = Record<
  'get' | 'head' | 'options' | 'post' | 'put' | 'patch' | 'delete',
  Declare<S>
>;

/**
 * Routes behind `Authorization: Bearer <access token or API key>` (the `bearer` authenticator, bearer-authenticator.ts):
 * each declares the 401 it answers without a valid token, and its handler gets the caller as `principal`.
 */
export function bearerRoutes(tag: string): RouteGroup<'bearer'> {
  return group('bearer', tag);
}

/** Routes anyone may call (login, refresh, JWKS, probes): no authenticator runs. */
export function publicRoutes(tag: string): RouteGroup<'public'> {
  return group('public', tag);
}

function group<S extends GroupSecurity>(security: S, tag: string): RouteGroup<S> {
  const declare =
    (method: HttpMethod): Declare<S> =>
    (path, { handler, errors = [], ...declaration }) => ({
      ...declaration,
      params: declaration.params ?? paramsOf(path),
      method,
      path,
      tags: [tag],
      security,
      errors: security === 'bearer' ? [401, ...errors] : errors,
      handler: (ctx, input) =>
        handler(ctx, (security === 'bearer' ? { ...input, principal: principalOf(ctx) } : input) as never),
    });
  return {
    get: declare('GET'),
    head: declare('HEAD'),
    options: declare('OPTIONS'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}

function paramsOf(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  if (names.length === 0) return undefined;
  if (names.length === 1 && names[0] === 'id') return idParams;
  throw new Error(`${path}: declare the schema of its path parameters`);
}
