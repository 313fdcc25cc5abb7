import type { ThroughIdentity } from '../../../composition/identity.ts';
import { clientIpOf } from '../../platform/http/request-state.ts';
import { created, noStore, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes, publicRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { presentTokens } from './auth-presenters.ts';
import { tokenResponse } from './auth-schemas.ts';
import {
  mfaLoginRequest,
  recoveryCodesResponse,
  totpConfirmRequest,
  totpDisableRequest,
  totpEnrolmentResponse,
  twoFactorStatusResponse,
} from './two-factor-schemas.ts';

const PEOPLE_ONLY = 'People only: an API key gets 403 `api_key_not_allowed`.';

/** Two-factor login (CONTRACT section 14): the login's second step, and enrolling and turning off TOTP. */
export function twoFactorRoutes(deps: ThroughIdentity): RouteSpec[] {
  const open = publicRoutes(TAGS.account);
  const bearer = bearerRoutes(TAGS.account);
  return [
    open.post('/api/auth/login/mfa', {
      operationId: 'loginMfa',
      summary: 'Complete a login with its second factor',
      description:
        'The `mfa_token` of a login that answered 401 `mfa_required`, and a code from the authenticator app ' +
        '(or a recovery code, once); answers as login does. A code is accepted once: the same code again, or ' +
        'an older one, is refused. A wrong or used code is 401 `invalid_credentials` (the token stays usable ' +
        'until it expires); an unknown or expired token, or one from before a password change, is 401 ' +
        '`invalid_token` (log in again). Attempts are throttled like password attempts (429).',
      body: mfaLoginRequest,
      errors: [401, 503],
      responses: { 200: { description: 'Tokens.', schema: tokenResponse } },
      handler: async (ctx, { body }) => {
        const { mfa_token: mfaToken, code } = body as { mfa_token: string; code: string };
        const ip = clientIpOf(ctx);
        const pair = await deps.completeMfaLogin({
          mfaToken,
          code,
          ip,
          userAgent: ctx.get('User-Agent') || null,
        });
        noStore(ctx);
        ok(ctx, presentTokens(pair));
      },
    }),
    bearer.get('/api/auth/mfa/totp', {
      operationId: 'getTwoFactorStatus',
      summary: 'Your two-factor login: off, pending or on',
      description: `With the number of recovery codes left (none shows the secret or the codes). ${PEOPLE_ONLY}`,
      errors: [403],
      responses: { 200: { description: 'The state.', schema: twoFactorStatusResponse } },
      handler: async (ctx, { principal }) => {
        const { status, enabledAt, recoveryCodesLeft } = await deps.getTwoFactorStatus(principal);
        ok(ctx, {
          status,
          enabled_at: enabledAt?.toISOString() ?? null,
          recovery_codes_left: recoveryCodesLeft,
        });
      },
    }),
    bearer.post('/api/auth/mfa/totp', {
      operationId: 'startTotpEnrolment',
      summary: 'Start enrolling an authenticator app (TOTP)',
      description:
        'A new secret as an `otpauth://` URI and its QR code. Nothing changes at login until a first code ' +
        'confirms it (`POST /api/auth/mfa/totp/confirm`); starting again replaces an unconfirmed secret. With ' +
        `two-factor login already on: 409 \`conflict\` (turn it off first). ${PEOPLE_ONLY}`,
      errors: [403, 409],
      responses: { 201: { description: 'The enrolment to scan.', schema: totpEnrolmentResponse } },
      handler: async (ctx, { principal }) => {
        const { otpauthUri, qrSvg } = await deps.startTotpEnrolment(principal);
        noStore(ctx);
        created(ctx, { otpauth_uri: otpauthUri, qr_svg: qrSvg });
      },
    }),
    bearer.post('/api/auth/mfa/totp/confirm', {
      operationId: 'confirmTotpEnrolment',
      summary: 'Turn two-factor login on with a first code',
      description:
        'A code from the app proves it holds the secret: two-factor login is on from now, and the answer ' +
        'carries ten recovery codes, shown this once. A wrong code is 400 `invalid_code` (throttled like a ' +
        `login); with no enrolment waiting, 409 \`conflict\`. ${PEOPLE_ONLY}`,
      body: totpConfirmRequest,
      errors: [403, 409],
      responses: { 200: { description: 'On; the recovery codes.', schema: recoveryCodesResponse } },
      handler: async (ctx, { body, principal }) => {
        const { code } = body as { code: string };
        const codes = await deps.confirmTotpEnrolment(principal, { code, ip: clientIpOf(ctx) });
        noStore(ctx);
        ok(ctx, { recovery_codes: codes });
      },
    }),
    bearer.delete('/api/auth/mfa/totp', {
      operationId: 'disableTotp',
      summary: 'Turn two-factor login off',
      description:
        'Needs the password and a code (from the app, or a recovery code): an access token alone is not ' +
        'enough. Either wrong is the same 400 `invalid_code`, throttled like a login. When it is not on, 409 ' +
        `\`conflict\`. The recovery codes stop working. ${PEOPLE_ONLY}`,
      body: totpDisableRequest,
      errors: [403, 409],
      responses: { 204: { description: 'Off: login asks for the password only.' } },
      handler: async (ctx, { body, principal }) => {
        const { password, code } = body as { password: string; code: string };
        await deps.disableTotp(principal, { password, code, ip: clientIpOf(ctx) });
        ctx.status = 204;
      },
    }),
  ];
}
