import { availableParallelism } from 'node:os';
import { type AwilixContainer, aliasTo, asClass, asFunction, asValue } from 'awilix';
import { JoseAccessTokenService } from '../adapters/auth/jose-access-token-service.ts';
import { AesGcmSecretBox } from '../adapters/crypto/aes-gcm-secret-box.ts';
import { Argon2PasswordHasher } from '../adapters/crypto/argon2-password-hasher.ts';
import { BoundedQueue } from '../adapters/crypto/bounded-queue.ts';
import { HmacRefreshTokens } from '../adapters/crypto/hmac-refresh-tokens.ts';
import { deriveKey } from '../adapters/crypto/master-key.ts';
import { ScryptPasswordHasher } from '../adapters/crypto/scrypt-password-hasher.ts';
import { MikroOrmLoginSessionRepository } from '../adapters/persistence/postgres/mikro-orm-login-session-repository.ts';
import { MikroOrmUserRepository } from '../adapters/persistence/postgres/mikro-orm-user-repository.ts';
import { MikroOrmWorkspaceRepository } from '../adapters/persistence/postgres/mikro-orm-workspace-repository.ts';
import { PostgresAuditLog } from '../adapters/persistence/postgres/postgres-audit-log.ts';
import { PostgresSigningKeys } from '../adapters/persistence/postgres/postgres-signing-keys.ts';
import { RateLimiterLoginThrottle } from '../adapters/throttling/rate-limiter-login-throttle.ts';
import {
  createRateLimiterFactory,
  type RateLimiterFactory,
} from '../adapters/throttling/rate-limiter-store.ts';
import { type Authenticate, makeAuthenticate } from '../application/auth/authenticate.ts';
import { type GetCurrentUser, makeGetCurrentUser } from '../application/auth/get-current-user.ts';
import { type ListSessions, makeListSessions } from '../application/auth/list-sessions.ts';
import { type LogIn, makeLogIn } from '../application/auth/log-in.ts';
import { type LogOut, makeLogOut } from '../application/auth/log-out.ts';
import { makeRefreshSession, type RefreshSession } from '../application/auth/refresh-session.ts';
import { makeRevokeAllSessions, type RevokeAllSessions } from '../application/auth/revoke-all-sessions.ts';
import { makeRevokeSession, type RevokeSession } from '../application/auth/revoke-session.ts';
import { makeVerifyCredentials, type VerifyCredentials } from '../application/auth/verify-credentials.ts';
import { makeRotateSigningKey, type RotateSigningKey } from '../application/keys/rotate-signing-key.ts';
import type { AccessTokenService } from '../application/ports/access-token-service.ts';
import type { AuditLog } from '../application/ports/audit-log.ts';
import type { LoginSessionRepository } from '../application/ports/login-session-repository.ts';
import type { LoginThrottle } from '../application/ports/login-throttle.ts';
import type { PasswordHasher } from '../application/ports/password-hasher.ts';
import type { RefreshTokens } from '../application/ports/refresh-tokens.ts';
import type { SecretBox } from '../application/ports/secret-box.ts';
import type { UserRepository } from '../application/ports/user-repository.ts';
import type { WorkspaceRepository } from '../application/ports/workspace-repository.ts';
import { type DisableUser, makeDisableUser } from '../application/users/disable-user.ts';
import {
  type EnsureBootstrapAdmin,
  makeEnsureBootstrapAdmin,
} from '../application/users/ensure-bootstrap-admin.ts';
import { type ListUsers, makeListUsers } from '../application/users/list-users.ts';
import { makeRegisterUser, type RegisterUser } from '../application/users/register-user.ts';
import { makeSetPassword, type SetPassword } from '../application/users/set-password.ts';
import type { Cradle, Infrastructure } from '../container.ts';
import type { SessionLifetimes } from '../domain/sessions/login-session.ts';

/** Users, passwords, access and refresh tokens, login sessions, throttling, audit. */
export interface IdentityCradle {
  sessionLifetimes: SessionLifetimes;
  secretBox: SecretBox;
  passwordHasher: PasswordHasher;
  signingKeys: PostgresSigningKeys;
  accessTokenKeys: PostgresSigningKeys;
  accessTokens: AccessTokenService;
  refreshTokens: RefreshTokens;
  rateLimiterFactory: RateLimiterFactory;
  loginThrottle: LoginThrottle;
  auditLog: AuditLog;
  users: UserRepository;
  workspaces: WorkspaceRepository;
  loginSessions: LoginSessionRepository;
  verifyCredentials: VerifyCredentials;
  logIn: LogIn;
  refreshSession: RefreshSession;
  authenticate: Authenticate;
  logOut: LogOut;
  getCurrentUser: GetCurrentUser;
  listSessions: ListSessions;
  revokeSession: RevokeSession;
  revokeAllSessions: RevokeAllSessions;
  registerUser: RegisterUser;
  setPassword: SetPassword;
  disableUser: DisableUser;
  listUsers: ListUsers;
  ensureBootstrapAdmin: EnsureBootstrapAdmin;
  rotateSigningKey: RotateSigningKey;
}

export function registerIdentity(
  container: AwilixContainer<Cradle>,
  { config, databaseUrl }: Infrastructure,
): void {
  // Hashing shares libuv's 4-thread pool with jose's WebCrypto jobs: leave at least one thread for them.
  const hashingQueue = new BoundedQueue({ concurrency: Math.max(1, Math.min(availableParallelism(), 3)) });
  container.register({
    sessionLifetimes: asValue(config.refresh),
    secretBox: asClass(AesGcmSecretBox).singleton(),
    passwordHasher: asFunction(() =>
      config.passwordHasher === 'scrypt'
        ? new ScryptPasswordHasher({ queue: hashingQueue })
        : new Argon2PasswordHasher({ queue: hashingQueue }),
    ).singleton(),
    signingKeys: asClass(PostgresSigningKeys).singleton(),
    accessTokenKeys: aliasTo('signingKeys'),
    accessTokens: asClass(JoseAccessTokenService).singleton(),
    refreshTokens: asClass(HmacRefreshTokens).singleton(),
    rateLimiterFactory: asFunction(({ logger }: Cradle) =>
      createRateLimiterFactory(config.rateLimitStore, {
        databaseUrl,
        redisUrl: config.redisUrl,
        onStoreError: (error) =>
          logger.warn({ err: error.message }, 'rate-limit store error; deciding in memory'),
      }),
    )
      .singleton()
      .disposer((factory) => factory.close()),
    loginThrottle: asFunction(
      ({ rateLimiterFactory, masterKey }: Cradle) =>
        new RateLimiterLoginThrottle(rateLimiterFactory, {
          accountKeySecret: deriveKey(masterKey, 'login-throttle'),
          loginPerAddress: { points: config.loginRateLimit, durationSeconds: 60 },
          refreshPerAddress: { points: config.refreshRateLimit, durationSeconds: 60 },
        }),
    ).singleton(),
    auditLog: asClass(PostgresAuditLog).singleton(),
    users: asClass(MikroOrmUserRepository).singleton(),
    workspaces: asClass(MikroOrmWorkspaceRepository).singleton(),
    loginSessions: asClass(MikroOrmLoginSessionRepository).singleton(),
    verifyCredentials: asFunction(makeVerifyCredentials).singleton(),
    logIn: asFunction(makeLogIn).singleton(),
    refreshSession: asFunction(makeRefreshSession).singleton(),
    authenticate: asFunction(makeAuthenticate).singleton(),
    logOut: asFunction(makeLogOut).singleton(),
    getCurrentUser: asFunction(makeGetCurrentUser).singleton(),
    listSessions: asFunction(makeListSessions).singleton(),
    revokeSession: asFunction(makeRevokeSession).singleton(),
    revokeAllSessions: asFunction(makeRevokeAllSessions).singleton(),
    registerUser: asFunction(makeRegisterUser).singleton(),
    setPassword: asFunction(makeSetPassword).singleton(),
    disableUser: asFunction(makeDisableUser).singleton(),
    listUsers: asFunction(makeListUsers).singleton(),
    ensureBootstrapAdmin: asFunction(makeEnsureBootstrapAdmin).singleton(),
    rotateSigningKey: asFunction(makeRotateSigningKey).singleton(),
  });
}
