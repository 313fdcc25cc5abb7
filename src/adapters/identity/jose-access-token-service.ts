import { randomUUID } from 'node:crypto';
import { type CryptoKey, decodeProtectedHeader, errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type {
  AccessTokenClaims,
  AccessTokenService,
  IssuedAccessToken,
} from '../../application/identity/ports/access-token-service.ts';
import type { Clock } from '../../application/kernel/ports/clock.ts';
import { InvalidToken, TokenExpired } from '../../domain/identity/auth-errors.ts';

export type AccessTokenAlgorithm = 'EdDSA' | 'ES256' | 'HS256';

/** SPEC: an access token is valid for 900 seconds. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 900;
/** How far in the future `iat`/`nbf` may be: clock skew between the instances that issue and verify. */
export const CLOCK_TOLERANCE_SECONDS = 30;

/** A private key (or HS256 secret) ready for signing, and the kid that names it. */
export interface SigningKey {
  readonly kid: string;
  readonly algorithm: AccessTokenAlgorithm;
  readonly key: CryptoKey | Uint8Array;
}

/**
 * Where the jose service gets its keys (CachedSigningKeys supplies them). Verification keys are looked up
 * only by kid, among keys this service made: nothing named inside a token is ever fetched.
 */
export interface AccessTokenKeys {
  /** The key new tokens are signed with; created on first use when there is none. */
  currentSigningKey(): Promise<SigningKey>;
  /**
   * The public key (or HS256 secret) for `kid` when tokens it signed may still be valid: the current key, or
   * one retired less than lifetime + tolerance ago. Undefined for any other kid.
   */
  verificationKey(kid: string): Promise<CryptoKey | Uint8Array | undefined>;
}

export interface JoseAccessTokenServiceOptions {
  readonly accessTokenKeys: AccessTokenKeys;
  readonly clock: Clock;
  readonly config: {
    readonly jwt: {
      readonly algorithm: AccessTokenAlgorithm;
      readonly issuer: string;
      readonly audience: string;
    };
  };
}

const TYP = 'at+jwt';
/** Our tokens are about 400 bytes; refusing big ones first bounds the work an attacker can ask for. */
const MAX_TOKEN_LENGTH = 8 * 1024;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** The kids we make (JWK thumbprints, `hs256-<hex>`); anything else is not worth a key lookup. */
const KID = /^[A-Za-z0-9_-]{1,64}$/;

/** RFC 9068-style access tokens (`typ: at+jwt`) signed and verified with jose. */
export class JoseAccessTokenService implements AccessTokenService {
  readonly #keys: AccessTokenKeys;
  readonly #clock: Clock;
  readonly #algorithm: AccessTokenAlgorithm;
  readonly #issuer: string;
  readonly #audience: string;

  constructor({ accessTokenKeys, clock, config }: JoseAccessTokenServiceOptions) {
    this.#keys = accessTokenKeys;
    this.#clock = clock;
    this.#algorithm = config.jwt.algorithm;
    this.#issuer = config.jwt.issuer;
    this.#audience = config.jwt.audience;
  }

  async issue({ userId, sessionId }: AccessTokenClaims): Promise<IssuedAccessToken> {
    const { kid, algorithm, key } = await this.#keys.currentSigningKey();
    if (algorithm !== this.#algorithm) {
      throw new Error(`the current signing key is ${algorithm}, but JWT_ALGORITHM is ${this.#algorithm}`);
    }
    const iat = Math.floor(this.#clock.now().getTime() / 1000);
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: algorithm, typ: TYP, kid })
      .setIssuer(this.#issuer)
      .setAudience(this.#audience)
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_SECONDS)
      .setJti(randomUUID())
      .sign(key);
    return { token, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS };
  }

  async verify(token: string): Promise<AccessTokenClaims> {
    const kid = this.#screen(token);
    // Key selection is ours alone: jku, x5u, jwk and x5c headers are never read, so never fetched or trusted.
    const key = await this.#keys.verificationKey(kid);
    if (!key) throw new InvalidToken();
    const now = this.#clock.now();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        // Pinned: the header's alg must be exactly the configured one (no none, no HS256-with-a-public-key).
        algorithms: [this.#algorithm],
        issuer: this.#issuer,
        audience: this.#audience,
        typ: TYP,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: ACCESS_TOKEN_LIFETIME_SECONDS,
        currentDate: now,
        requiredClaims: ['exp', 'iat', 'sub', 'sid', 'jti'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenExpired();
      throw new InvalidToken();
    }
    // The tolerance is for issuers whose clock runs ahead; expiry itself is exact (SPEC: valid 900 s).
    if (typeof payload.exp !== 'number' || payload.exp <= now.getTime() / 1000) throw new TokenExpired();
    const { sub, sid, iat } = payload;
    if (typeof iat !== 'number' || payload.exp - iat > ACCESS_TOKEN_LIFETIME_SECONDS)
      throw new InvalidToken();
    if (typeof sub !== 'string' || sub === '' || typeof sid !== 'string' || sid === '')
      throw new InvalidToken();
    return { userId: sub, sessionId: sid };
  }

  /** Checks that cost nothing, before any signature work or key lookup; returns the kid. */
  #screen(token: string): string {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token)) {
      throw new InvalidToken();
    }
    let header: Record<string, unknown>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new InvalidToken();
    }
    if (header.alg !== this.#algorithm) throw new InvalidToken();
    // We use no JWS extensions; a token that demands one be understood is not ours.
    if ('crit' in header) throw new InvalidToken();
    const { kid } = header;
    if (typeof kid !== 'string' || !KID.test(kid)) throw new InvalidToken();
    return kid;
  }
}
