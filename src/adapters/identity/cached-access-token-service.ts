import { decodeJwt, decodeProtectedHeader } from 'jose';
import type {
  AccessTokenClaims,
  AccessTokenService,
  IssuedAccessToken,
} from '../../application/identity/ports/access-token-service.ts';
import type { Clock } from '../../application/kernel/ports/clock.ts';
import { InvalidToken, TokenExpired } from '../../domain/identity/auth-errors.ts';
import { BoundedLru } from '../platform/caching/bounded-lru.ts';
import type { AccessTokenKeys } from './jose-access-token-service.ts';

interface Verified {
  readonly claims: AccessTokenClaims;
  /** Seconds since the epoch, from the verified payload. */
  readonly exp: number;
  readonly kid: string;
}

/**
 * Tokens whose signature and claims `inner` has verified, kept by the token itself (at most `maxEntries`,
 * least recently used dropped), so the signature is checked once per token. On every use the expiry is
 * checked again, and the signing key must still be one that verifies: a token is refused as soon as its key
 * is no longer usable, exactly as `inner` would. Refused tokens are never kept.
 */
export class CachedAccessTokenService implements AccessTokenService {
  readonly #inner: AccessTokenService;
  readonly #keys: AccessTokenKeys;
  readonly #clock: Clock;
  readonly #verified: BoundedLru<string, Verified>;

  constructor(deps: { inner: AccessTokenService; keys: AccessTokenKeys; clock: Clock; maxEntries: number }) {
    this.#inner = deps.inner;
    this.#keys = deps.keys;
    this.#clock = deps.clock;
    this.#verified = new BoundedLru(deps.maxEntries);
  }

  issue(claims: AccessTokenClaims): Promise<IssuedAccessToken> {
    return this.#inner.issue(claims);
  }

  async verify(token: string): Promise<AccessTokenClaims> {
    const known = this.#verified.get(token);
    if (!known) return this.#verifyAndKeep(token);
    if (known.exp <= this.#clock.now().getTime() / 1000) {
      this.#verified.delete(token);
      throw new TokenExpired();
    }
    if (!(await this.#keys.verificationKey(known.kid))) {
      this.#verified.delete(token);
      throw new InvalidToken();
    }
    return known.claims;
  }

  async #verifyAndKeep(token: string): Promise<AccessTokenClaims> {
    const claims = await this.#inner.verify(token);
    // Both decode what was just verified: `inner` refuses a token without a string kid or a numeric exp.
    const { kid } = decodeProtectedHeader(token);
    const { exp } = decodeJwt(token);
    if (typeof kid === 'string' && typeof exp === 'number') this.#verified.set(token, { claims, exp, kid });
    return claims;
  }
}
