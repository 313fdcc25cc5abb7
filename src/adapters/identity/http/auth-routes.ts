import type { Context } from 'koa';
import type { TokenPair } from '../../../application/identity/token-pair.ts';
import type { ThroughIdentity } from '../../../composition/identity.ts';
import { camelCased } from '../../platform/http/request-input.ts';
import { clientIpOf } from '../../platform/http/request-state.ts';
import { created, noStore, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes, publicRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentMe, presentTokens, presentUser } from './auth-presenters.ts';
import {
  jwks,
  loginRequest,
  meResponse,
  refreshRequest,
  registerRequest,
  tokenResponse,
  userResponse,
} from './auth-schemas.ts';

function sendTokens(ctx: Context, pair: TokenPair): void {
  noStore(ctx);
  ok(ctx, presentTokens(pair));
}

export function authRoutes(
  deps: ThroughIdentity,
  { signupEnabled }: { signupEnabled: boolean },
): RouteSpec[] {
  const open = publicRoutes(TAGS.account);
  const bearer = bearerRoutes(TAGS.account);
  const routes = [
    open.post('/api/auth/login', {
      operationId: 'login',
      summary: 'Login',
      description:
        'Exchanges a username or e-mail and a password for an access token (900 s) and a refresh token. ' +
        'Unknown user, wrong password and disabled account all answer the same 401 `invalid_credentials`.',
      body: loginRequest,
      errors: [401, 503],
      responses: { 200: { description: 'Tokens.', schema: tokenResponse } },
      handler: async (ctx, { body }) => {
        const caller = { ip: clientIpOf(ctx), userAgent: ctx.get('User-Agent') || null };
        sendTokens(ctx, await deps.logIn(camelCased(body, caller)));
      },
    }),
    open.post('/api/auth/refresh', {
      operationId: 'refreshToken',
      summary: 'Rotate a refresh token',
      description:
        'Returns a new token pair; the presented refresh token stops working (after a 10 s grace window in ' +
        'which it yields the same successor). Presenting an already rotated token revokes the login session.',
      body: refreshRequest,
      errors: [401],
      responses: { 200: { description: 'Tokens.', schema: tokenResponse } },
      handler: async (ctx, { body }) =>
        sendTokens(ctx, await deps.refreshSession(camelCased(body, { ip: clientIpOf(ctx) }))),
    }),
    bearer.post('/api/auth/logout', {
      operationId: 'logout',
      summary: 'End the current login session',
      description:
        'Revokes the login session of the access token: its refresh token and every access token of it stop working at once. ' +
        'An API key gets 403 `api_key_not_allowed`.',
      errors: [403],
      responses: {
        204: { description: 'Logged out; the refresh and access tokens of this session stop working.' },
      },
      handler: async (ctx, { principal }) => {
        await deps.logOut(principal, clientIpOf(ctx));
        ctx.status = 204;
      },
    }),
    bearer.get('/api/auth/me', {
      operationId: 'getCurrentUser',
      summary: 'The current user',
      description:
        'The user the access token belongs to, with the workspaces they belong to and their role in each; ' +
        'called with an API key, `{api_key: {id, name, workspace_id, role}}`.',
      responses: {
        200: { description: 'The user and their workspaces, or the API key.', schema: meResponse },
      },
      handler: async (ctx, { principal }) => ok(ctx, presentMe(await deps.getCurrentUser(principal))),
    }),
    open.get('/api/auth/jwks.json', {
      operationId: 'getJwks',
      summary: 'Public keys that verify access tokens (JWKS)',
      description:
        'The current and previous public signing keys (RFC 7517), for services that verify access tokens themselves. Empty when HS256 is configured.',
      responses: { 200: { description: 'Current and previous public keys.', schema: jwks } },
      handler: async (ctx) => {
        ok(ctx, await deps.signingKeys.publicJwks());
        ctx.set('Cache-Control', 'public, max-age=600');
      },
    }),
  ];
  if (!signupEnabled) return routes;
  const register = open.post('/api/auth/register', {
    operationId: 'register',
    summary: 'Sign up (only when SIGNUP_ENABLED=true)',
    body: registerRequest,
    errors: [409],
    responses: { 201: { description: 'The new user.', schema: userResponse } },
    handler: async (ctx, { body }) =>
      created(ctx, presentUser(await deps.registerUser(camelCased(body), { ip: clientIpOf(ctx) }))),
  });
  return [...routes, register];
}
