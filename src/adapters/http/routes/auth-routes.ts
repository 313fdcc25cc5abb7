import type { Context } from 'koa';
import type { GetCurrentUser } from '../../../application/auth/get-current-user.ts';
import type { LogIn } from '../../../application/auth/log-in.ts';
import type { LogOut } from '../../../application/auth/log-out.ts';
import type { RefreshSession } from '../../../application/auth/refresh-session.ts';
import type { TokenPair } from '../../../application/auth/token-pair.ts';
import type { SigningKeys } from '../../../application/ports/signing-keys.ts';
import type { RegisterUser } from '../../../application/users/register-user.ts';
import type { User } from '../../../domain/users/user.ts';
import { clientIpOf as ipOf, principalOf } from '../request-state.ts';
import type { RouteSpec } from '../route.ts';
import {
  jwks,
  loginRequest,
  meResponse,
  refreshRequest,
  registerRequest,
  tokenResponse,
  userResponse,
} from '../schemas/auth.ts';

export interface AuthRouteDeps {
  logIn: LogIn;
  refreshSession: RefreshSession;
  logOut: LogOut;
  getCurrentUser: GetCurrentUser;
  registerUser: RegisterUser;
  signingKeys: SigningKeys;
}

const tags = ['authentication, workspaces and billing'];

function sendTokens(ctx: Context, pair: TokenPair): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
  ctx.body = {
    access_token: pair.accessToken,
    token_type: 'Bearer',
    expires_in: pair.expiresIn,
    refresh_token: pair.refreshToken,
    refresh_expires_in: pair.refreshExpiresIn,
  };
}

export function presentUser(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    display_name: user.displayName,
    created_at: user.createdAt.toISOString(),
  };
}

export function authRoutes(deps: AuthRouteDeps, { signupEnabled }: { signupEnabled: boolean }): RouteSpec[] {
  const routes: RouteSpec[] = [
    {
      method: 'POST',
      path: '/api/auth/login',
      operationId: 'login',
      summary: 'Login',
      description:
        'Exchanges a username or e-mail and a password for an access token (900 s) and a refresh token. ' +
        'Unknown user, wrong password and disabled account all answer the same 401 `invalid_credentials`.',
      tags,
      security: 'public',
      body: loginRequest,
      errors: [401, 503],
      responses: { 200: { description: 'Tokens.', schema: tokenResponse } },
      handler: async (ctx, { body }) => {
        const { username_or_email, password } = body as { username_or_email: string; password: string };
        const userAgent = ctx.get('User-Agent') || null;
        sendTokens(
          ctx,
          await deps.logIn({ usernameOrEmail: username_or_email, password, ip: ipOf(ctx), userAgent }),
        );
      },
    },
    {
      method: 'POST',
      path: '/api/auth/refresh',
      operationId: 'refreshToken',
      summary: 'Rotate a refresh token',
      description:
        'Returns a new token pair; the presented refresh token stops working (after a 10 s grace window in ' +
        'which it yields the same successor). Presenting an already rotated token revokes the login session.',
      tags,
      security: 'public',
      body: refreshRequest,
      errors: [401],
      responses: { 200: { description: 'Tokens.', schema: tokenResponse } },
      handler: async (ctx, { body }) => {
        const { refresh_token } = body as { refresh_token: string };
        sendTokens(ctx, await deps.refreshSession({ refreshToken: refresh_token, ip: ipOf(ctx) }));
      },
    },
    {
      method: 'POST',
      path: '/api/auth/logout',
      operationId: 'logout',
      summary: 'End the current login session',
      description:
        'Revokes the login session of the access token: its refresh token and every access token of it stop working at once.',
      tags,
      security: 'bearer',
      responses: {
        204: { description: 'Logged out; the refresh and access tokens of this session stop working.' },
      },
      handler: async (ctx) => {
        await deps.logOut(principalOf(ctx), ipOf(ctx));
        ctx.status = 204;
      },
    },
    {
      method: 'GET',
      path: '/api/auth/me',
      operationId: 'getCurrentUser',
      summary: 'The current user',
      description:
        'The user the access token belongs to, with the workspaces they belong to and their role in each.',
      tags,
      security: 'bearer',
      responses: { 200: { description: 'The user and their workspaces.', schema: meResponse } },
      handler: async (ctx) => {
        const { user, workspaces } = await deps.getCurrentUser(principalOf(ctx));
        ctx.body = {
          ...presentUser(user),
          workspaces: workspaces.map(({ workspace, role }) => ({
            id: workspace.id,
            name: workspace.name,
            role,
          })),
        };
      },
    },
    {
      method: 'GET',
      path: '/api/auth/jwks.json',
      operationId: 'getJwks',
      summary: 'Public keys that verify access tokens (JWKS)',
      description:
        'The current and previous public signing keys (RFC 7517), for services that verify access tokens themselves. Empty when HS256 is configured.',
      tags,
      security: 'public',
      responses: { 200: { description: 'Current and previous public keys.', schema: jwks } },
      handler: async (ctx) => {
        ctx.body = await deps.signingKeys.publicJwks();
        ctx.set('Cache-Control', 'public, max-age=600');
      },
    },
  ];
  if (signupEnabled) {
    routes.push({
      method: 'POST',
      path: '/api/auth/register',
      operationId: 'register',
      summary: 'Sign up (only when SIGNUP_ENABLED=true)',
      tags,
      security: 'public',
      body: registerRequest,
      errors: [409],
      responses: { 201: { description: 'The new user.', schema: userResponse } },
      handler: async (ctx, { body }) => {
        const input = body as { username: string; email: string; display_name?: string; password: string };
        const user = await deps.registerUser(
          {
            username: input.username,
            email: input.email,
            displayName: input.display_name,
            password: input.password,
          },
          { ip: ipOf(ctx) },
        );
        ctx.status = 201;
        ctx.body = presentUser(user);
      },
    });
  }
  return routes;
}
