import { decodeJwt } from 'jose';
import type { Context, Next } from 'koa';
import type { AuthenticateApiKey } from '../../../application/api-keys/authenticate-api-key.ts';
import type { Authenticate } from '../../../application/identity/index.ts';
import { isApiKeyCredential } from '../../../domain/api-keys/api-key-format.ts';
import { InvalidToken, Unauthenticated } from '../../../domain/identity/index.ts';
import type { BearerCredential } from '../../platform/http/request-state.ts';

const BEARER = /^bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

/**
 * The backend surface's only credential: `Authorization: Bearer <access token or API key>` (scheme
 * case-insensitive, RFC 6750). A `pk_` credential is an API key, anything else an access token. Cookies are
 * never read here, so a browser session alone gets 401.
 */
export function bearerAuthenticator(deps: {
  authenticate: Authenticate;
  authenticateApiKey: AuthenticateApiKey;
}) {
  return async function requireBearer(ctx: Context, next: Next): Promise<void> {
    const header = ctx.get('Authorization');
    if (!header) throw new Unauthenticated();
    const match = BEARER.exec(header);
    if (!match?.[1]) throw new InvalidToken('the Authorization header is not a bearer token');
    const credential = match[1];
    const check = isApiKeyCredential(credential)
      ? () => deps.authenticateApiKey(credential)
      : () => deps.authenticate(credential);
    ctx.state.principal = await check();
    // The expiry is read only by a response that outlives the request (an event stream): decoding the token
    // a second time on every request is left to those.
    ctx.state.credential = {
      reauthenticate: check,
      get expiresAt() {
        return isApiKeyCredential(credential) ? undefined : tokenExpiry(credential);
      },
    } satisfies BearerCredential;
    await next();
  };
}

/** `exp` of a token `authenticate` has just verified (its signature and claims), in ms. */
function tokenExpiry(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
