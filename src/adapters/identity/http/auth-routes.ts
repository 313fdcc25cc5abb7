import type { Context } from 'koa';
import type { TokenPair } from '../../../application/identity/token-pair.ts';
import type { ThroughIdentity } from '../../../composition/identity.ts';
import { auditEventQuery, auditEvents, auditFilterOf } from '../../audit/index.ts';
import * as answer from '../../platform/http/answers.ts';
import { camelCased } from '../../platform/http/request-input.ts';
import { clientIpOf } from '../../platform/http/request-state.ts';
import { acceptedEmpty, created, noStore, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes, publicRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentMe, presentTokens, presentUser } from './auth-presenters.ts';
import {
  jwks,
  loginRequest,
  meResponse,
  passwordResetConfirmRequest,
  passwordResetRequest,
  refreshRequest,
  registerRequest,
  tokenResponse,
  userResponse,
  verifyEmailRequest,
} from './auth-schemas.ts';
import { answeringMfaRequired } from './mfa-required-problem.ts';

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
        'Unknown user, wrong password and disabled account all answer the same 401 `invalid_credentials`. ' +
        'With two-factor login on, the right password answers 401 `mfa_required` with an `mfa_token` (5 min) ' +
        'instead: send it with a code to `POST /api/auth/login/mfa`.',
      body: loginRequest,
      errors: [401, 503],
      responses: { 200: { description: 'Tokens.', schema: tokenResponse } },
      handler: async (ctx, { body }) => {
        const caller = { ip: clientIpOf(ctx), userAgent: ctx.get('User-Agent') || null };
        await answeringMfaRequired(ctx, async () =>
          sendTokens(ctx, await deps.logIn(camelCased(body, caller))),
        );
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
    bearer.get('/api/auth/audit-events', {
      operationId: 'listOwnAuditEvents',
      summary: 'Your own audit events',
      description:
        'Your security events (logins and failed logins on your account, refresh-token reuse, logouts, ' +
        'revoked sessions, password changes) and what you did in workspaces, newest first; filtered by ' +
        'action, actor, target and time. People only: an API key gets 403 `api_key_not_allowed`.',
      query: auditEventQuery,
      errors: [403],
      ...answer.page(auditEvents, 'One page of events.', ({ principal, query }, page) =>
        deps.listOwnAuditEvents(principal, auditFilterOf(query), page),
      ),
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
    open.post('/api/auth/verify-email', {
      operationId: 'verifyEmail',
      summary: 'Verify an e-mail address',
      description:
        'Spends the token of a verification link (single use, 24 h): the address it was sent to becomes verified. ' +
        'An unknown, expired or used token, or one for an address the account no longer has, is 400 `invalid_token`.',
      body: verifyEmailRequest,
      errors: [400],
      responses: { 204: { description: 'Verified.' } },
      handler: async (ctx, { body }) => {
        await deps.verifyEmail((body as { token: string }).token, { ip: clientIpOf(ctx) });
        ctx.status = 204;
      },
    }),
    bearer.post('/api/auth/verify-email/resend', {
      operationId: 'resendVerificationEmail',
      summary: 'Send the verification e-mail again',
      description:
        "Queues a new verification link to the caller's address (nothing when it is verified already); earlier links " +
        'keep working until they expire. At most 5 an hour per user, then 429 with `Retry-After`. An API key gets 403 ' +
        '`api_key_not_allowed`.',
      errors: [403, 429],
      responses: { 202: { description: 'Queued: the e-mail leaves after this answer.' } },
      handler: async (ctx, { principal }) => {
        await deps.resendEmailVerification(principal);
        acceptedEmpty(ctx);
      },
    }),
    open.post('/api/auth/password-reset', {
      operationId: 'requestPasswordReset',
      summary: 'Ask for a password reset link',
      description:
        'Always 202, in the same time, whether or not an account has the address (no enumeration): the address is ' +
        'sent a reset link (single use, 30 min) when an enabled account has it, else a note that no account does. At ' +
        'most 3 e-mails an hour per address; past that the answer is still 202 and nothing is sent.',
      body: passwordResetRequest,
      errors: [400],
      responses: { 202: { description: 'Accepted: an e-mail may follow.' } },
      handler: async (ctx, { body }) => {
        await deps.requestPasswordReset((body as { email: string }).email, { ip: clientIpOf(ctx) });
        acceptedEmpty(ctx);
      },
    }),
    open.post('/api/auth/password-reset/confirm', {
      operationId: 'confirmPasswordReset',
      summary: 'Set a new password from a reset link',
      description:
        'Spends the reset token and sets `new_password` (the password policy applies; a refused password leaves the ' +
        'token usable). Every API and browser session of the account ends. A used, expired or unknown token is 400 ' +
        '`invalid_token`.',
      body: passwordResetConfirmRequest,
      errors: [400],
      responses: { 204: { description: 'The password is set; sign in with it.' } },
      handler: async (ctx, { body }) => {
        const { token, new_password } = body as { token: string; new_password: string };
        await deps.confirmPasswordReset({ token, newPassword: new_password, ip: clientIpOf(ctx) });
        ctx.status = 204;
      },
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
