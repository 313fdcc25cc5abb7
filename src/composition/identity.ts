import { availableParallelism } from 'node:os';
import { CachedAccessTokenService } from '../adapters/auth/cached-access-token-service.ts';
import { CachedSigningKeys } from '../adapters/auth/cached-signing-keys.ts';
import { JoseAccessTokenService } from '../adapters/auth/jose-access-token-service.ts';
import { AesGcmSecretBox } from '../adapters/crypto/aes-gcm-secret-box.ts';
import { Argon2PasswordHasher } from '../adapters/crypto/argon2-password-hasher.ts';
import { BoundedQueue } from '../adapters/crypto/bounded-queue.ts';
import { HmacRefreshTokens } from '../adapters/crypto/hmac-refresh-tokens.ts';
import { deriveKey } from '../adapters/crypto/master-key.ts';
import { ScryptPasswordHasher } from '../adapters/crypto/scrypt-password-hasher.ts';
import { FileCommonPasswords } from '../adapters/passwords/file-common-passwords.ts';
import { RateLimiterLoginThrottle } from '../adapters/throttling/rate-limiter-login-throttle.ts';
import { makeAuthenticate } from '../application/auth/authenticate.ts';
import { makeGetCurrentUser } from '../application/auth/get-current-user.ts';
import { makeListSessions } from '../application/auth/list-sessions.ts';
import { makeLogIn } from '../application/auth/log-in.ts';
import { makeLogOut } from '../application/auth/log-out.ts';
import { makeRefreshSession } from '../application/auth/refresh-session.ts';
import { makeRevokeAllSessions } from '../application/auth/revoke-all-sessions.ts';
import { makeRevokeSession } from '../application/auth/revoke-session.ts';
import { makeVerifyCredentials } from '../application/auth/verify-credentials.ts';
import { makeRotateSigningKey } from '../application/keys/rotate-signing-key.ts';
import type { PasswordHasher } from '../application/ports/password-hasher.ts';
import { makeDisableUser } from '../application/users/disable-user.ts';
import { makeEnsureBootstrapAdmin } from '../application/users/ensure-bootstrap-admin.ts';
import { makeListUsers } from '../application/users/list-users.ts';
import { makeRegisterUser } from '../application/users/register-user.ts';
import { makeSetPassword } from '../application/users/set-password.ts';
import type { Config } from '../config.ts';
import type { IdentityCradle } from './cradle.ts';
import { instance, type Registrations, singleton, value, withReplaced } from './registration.ts';

/** Verified access tokens kept per instance (about 1 KB each with the map's overhead). */
const VERIFIED_TOKENS = 10_000;

/**
 * Password hashes run at once. Hashing shares libuv's 4-thread pool with jose's WebCrypto jobs: leave at least one
 * thread for them. (The benchmark measures the argon2id bound with this same figure.)
 */
export const hashingConcurrency = (): number => Math.max(1, Math.min(availableParallelism(), 3));

/** Users, passwords, access and refresh tokens, login sessions, throttling. */
export function identity(config: Config): Registrations<keyof IdentityCradle> {
  const hashingQueue = new BoundedQueue({ concurrency: hashingConcurrency() });
  const hashers: Record<Config['passwordHasher'], () => PasswordHasher> = {
    argon2id: () => new Argon2PasswordHasher({ queue: hashingQueue }),
    scrypt: () => new ScryptPasswordHasher({ queue: hashingQueue }),
  };
  return {
    sessionLifetimes: value(config.refresh),
    secretBox: instance(AesGcmSecretBox),
    passwordHasher: singleton(hashers[config.passwordHasher]),
    commonPasswords: singleton(() => new FileCommonPasswords()),
    signingKeys: instance(CachedSigningKeys),
    accessTokenKeys: singleton(({ signingKeys }) => signingKeys),
    accessTokens: singleton((cradle) => {
      const verifying = new JoseAccessTokenService(cradle);
      if (config.cache === 'off') return verifying;
      const { accessTokenKeys: keys, clock } = cradle;
      return new CachedAccessTokenService({ inner: verifying, keys, clock, maxEntries: VERIFIED_TOKENS });
    }),
    refreshTokens: instance(HmacRefreshTokens),
    loginThrottle: singleton(
      ({ rateLimiterFactory, masterKey }) =>
        new RateLimiterLoginThrottle(rateLimiterFactory, {
          accountKeySecret: deriveKey(masterKey, 'login-throttle'),
          loginPerAddress: { points: config.loginRateLimit, durationSeconds: 60 },
          refreshPerAddress: { points: config.refreshRateLimit, durationSeconds: 60 },
        }),
    ),
    verifyCredentials: singleton(makeVerifyCredentials),
    logIn: singleton(makeLogIn),
    refreshSession: singleton(makeRefreshSession),
    authenticate: singleton((cradle) =>
      makeAuthenticate(withReplaced(cradle, { loginSessions: cradle.cachedLoginSessions })),
    ),
    logOut: singleton(makeLogOut),
    getCurrentUser: singleton((cradle) =>
      makeGetCurrentUser(
        withReplaced(cradle, { users: cradle.cachedUsers, workspaces: cradle.cachedWorkspaces }),
      ),
    ),
    listSessions: singleton(makeListSessions),
    revokeSession: singleton(makeRevokeSession),
    revokeAllSessions: singleton(makeRevokeAllSessions),
    registerUser: singleton(makeRegisterUser),
    setPassword: singleton(makeSetPassword),
    disableUser: singleton(makeDisableUser),
    listUsers: singleton(makeListUsers),
    ensureBootstrapAdmin: singleton(makeEnsureBootstrapAdmin),
    rotateSigningKey: singleton(makeRotateSigningKey),
  };
}
