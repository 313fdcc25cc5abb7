import type { LoginSession, SessionLifetimes } from '../../domain/identity/login-session.ts';
import type { AccessTokenService } from './ports/access-token-service.ts';
import type { RefreshTokens } from './ports/refresh-tokens.ts';

export interface TokenPair {
  readonly accessToken: string;
  readonly expiresIn: number;
  readonly refreshToken: string;
  /** Seconds until the refresh token stops working if unused (idle) or at the latest (absolute). */
  readonly refreshExpiresIn: number;
}

export interface TokenPairDeps {
  readonly accessTokens: AccessTokenService;
  readonly refreshTokens: RefreshTokens;
  readonly sessionLifetimes: SessionLifetimes;
}

/**
 * The answer of login and refresh: a fresh access token and the refresh token of `generation`. `session` is
 * the session as this request left it (just started, just rotated, or unchanged for a reissue).
 */
export async function issueTokenPair(
  deps: TokenPairDeps,
  session: LoginSession,
  generation: number,
  now: Date,
): Promise<TokenPair> {
  const access = await deps.accessTokens.issue({ userId: session.userId, sessionId: session.id });
  const endsAt = session.endsAt(deps.sessionLifetimes).getTime();
  return {
    accessToken: access.token,
    expiresIn: access.expiresIn,
    refreshToken: deps.refreshTokens.tokenFor({ sessionId: session.id, generation }),
    refreshExpiresIn: Math.max(0, Math.floor((endsAt - now.getTime()) / 1000)),
  };
}
