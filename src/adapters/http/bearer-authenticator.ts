import type { Context, Next } from 'koa';
import type { Authenticate } from '../../application/auth/authenticate.ts';
import { InvalidToken, Unauthenticated } from '../../domain/sessions/auth-errors.ts';

const BEARER = /^bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

/**
 * The backend surface's only credential: `Authorization: Bearer <access token>` (scheme case-insensitive,
 * RFC 6750). Cookies are never read here, so a browser session alone gets 401.
 */
export function bearerAuthenticator(authenticate: Authenticate) {
  return async function requireBearer(ctx: Context, next: Next): Promise<void> {
    const header = ctx.get('Authorization');
    if (!header) throw new Unauthenticated();
    const match = BEARER.exec(header);
    if (!match?.[1]) throw new InvalidToken('the Authorization header is not a bearer token');
    ctx.state.principal = await authenticate(match[1]);
    await next();
  };
}
