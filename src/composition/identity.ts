import { availableParallelism } from 'node:os';
import { CachedAccessTokenService } from '../adapters/identity/cached-access-token-service.ts';
import { CachedSigningKeys } from '../adapters/identity/cached-signing-keys.ts';
import { Argon2PasswordHasher } from '../adapters/identity/crypto/argon2-password-hasher.ts';
import { HmacRefreshTokens } from '../adapters/identity/crypto/hmac-refresh-tokens.ts';
import { ScryptPasswordHasher } from '../adapters/identity/crypto/scrypt-password-hasher.ts';
import { FileCommonPasswords } from '../adapters/identity/file-common-passwords.ts';
import { JoseAccessTokenService } from '../adapters/identity/jose-access-token-service.ts';
import { RateLimiterLoginThrottle } from '../adapters/identity/rate-limiter-login-throttle.ts';
import { AesGcmSecretBox } from '../adapters/platform/crypto/aes-gcm-secret-box.ts';
import { BoundedQueue } from '../adapters/platform/crypto/bounded-queue.ts';
import { deriveKey } from '../adapters/platform/crypto/master-key.ts';
import { makeAuthenticate } from '../application/identity/authenticate.ts';
import { makeDisableUser } from '../application/identity/disable-user.ts';
import { makeEnsureBootstrapAdmin } from '../application/identity/ensure-bootstrap-admin.ts';
import { makeGetCurrentUser } from '../application/identity/get-current-user.ts';
import { makeListSessions } from '../application/identity/list-sessions.ts';
import { makeListUsers } from '../application/identity/list-users.ts';
import { makeLogIn } from '../application/identity/log-in.ts';
import { makeLogOut } from '../application/identity/log-out.ts';
import type { PasswordHasher } from '../application/identity/ports/password-hasher.ts';
import { makeRefreshSession } from '../application/identity/refresh-session.ts';
import { makeRegisterUser } from '../application/identity/register-user.ts';
import { makeRevokeAllSessions } from '../application/identity/revoke-all-sessions.ts';
import { makeRevokeSession } from '../application/identity/revoke-session.ts';
import { makeRotateSigningKey } from '../application/identity/rotate-signing-key.ts';
import { makeSetPassword } from '../application/identity/set-password.ts';
import { makeVerifyCredentials } from '../application/identity/verify-credentials.ts';
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
