import { availableParallelism } from 'node:os';
import { CachedAccessTokenService } from '../adapters/identity/cached-access-token-service.ts';
import { CachedSigningKeys } from '../adapters/identity/cached-signing-keys.ts';
import {
  announcingLoginSessions,
  announcingUsers,
  withCachedSessionsInUse,
  withCachedUsers,
} from '../adapters/identity/caching/identity-caches.ts';
import { Argon2PasswordHasher } from '../adapters/identity/crypto/argon2-password-hasher.ts';
import { HmacRefreshTokens } from '../adapters/identity/crypto/hmac-refresh-tokens.ts';
import { ScryptPasswordHasher } from '../adapters/identity/crypto/scrypt-password-hasher.ts';
import { Sha256SessionTokens } from '../adapters/identity/crypto/sha256-session-tokens.ts';
import { TemplateAccountEmails } from '../adapters/identity/email/template-account-emails.ts';
import { FileCommonPasswords } from '../adapters/identity/file-common-passwords.ts';
import { authRoutes } from '../adapters/identity/http/auth-routes.ts';
import type { CookieSettings } from '../adapters/identity/http/cookies.ts';
import { loginSessionRoutes } from '../adapters/identity/http/login-session-routes.ts';
import { sessionRoute } from '../adapters/identity/http/session-route.ts';
import { twoFactorRoutes } from '../adapters/identity/http/two-factor-routes.ts';
import {
  type AccessTokenKeys,
  JoseAccessTokenService,
} from '../adapters/identity/jose-access-token-service.ts';
import { InMemoryAccountTokenRepository } from '../adapters/identity/memory/in-memory-account-token-repository.ts';
import { InMemoryBrowserSessionRepository } from '../adapters/identity/memory/in-memory-browser-session-repository.ts';
import { InMemoryLinkedIdentityRepository } from '../adapters/identity/memory/in-memory-linked-identity-repository.ts';
import { InMemoryLoginSessionRepository } from '../adapters/identity/memory/in-memory-login-session-repository.ts';
import { inMemorySessionPurges } from '../adapters/identity/memory/in-memory-session-purges.ts';
import { InMemorySigningKeyStore } from '../adapters/identity/memory/in-memory-signing-key-store.ts';
import { InMemoryUserRepository } from '../adapters/identity/memory/in-memory-user-repository.ts';
import {
  countedLogin,
  type IdentityMetrics,
  identityMetrics,
} from '../adapters/identity/metrics/identity-metrics.ts';
import { MikroOrmBrowserSessionRepository } from '../adapters/identity/postgres/mikro-orm-browser-session-repository.ts';
import { PostgresAccountTokenRepository } from '../adapters/identity/postgres/postgres-account-token-repository.ts';
import { PostgresLinkedIdentityRepository } from '../adapters/identity/postgres/postgres-linked-identity-repository.ts';
import { PostgresLoginSessionRepository } from '../adapters/identity/postgres/postgres-login-session-repository.ts';
import { postgresSessionPurges } from '../adapters/identity/postgres/postgres-session-purges.ts';
import { PostgresSigningKeyStore } from '../adapters/identity/postgres/postgres-signing-key-store.ts';
import { PostgresUserRepository } from '../adapters/identity/postgres/postgres-user-repository.ts';
import { RateLimiterLoginThrottle } from '../adapters/identity/rate-limiter-login-throttle.ts';
import { ConfiguredIdentityProviders } from '../adapters/identity/sso/configured-identity-providers.ts';
import { AesGcmSecretBox } from '../adapters/platform/crypto/aes-gcm-secret-box.ts';
import { BoundedQueue } from '../adapters/platform/crypto/bounded-queue.ts';
import { HashingWorkers } from '../adapters/platform/crypto/hashing-workers.ts';
import { deriveKey } from '../adapters/platform/crypto/master-key.ts';
import { FlexibleRateLimiter } from '../adapters/platform/throttling/flexible-rate-limiter.ts';
import { KeyedRateLimiter } from '../adapters/platform/throttling/keyed-rate-limiter.ts';
import { type Authenticate, makeAuthenticate } from '../application/identity/authenticate.ts';
import { type ChangePassword, makeChangePassword } from '../application/identity/change-password.ts';
import {
  type ConfirmPasswordReset,
  makeConfirmPasswordReset,
} from '../application/identity/confirm-password-reset.ts';
import { type DisableUser, makeDisableUser } from '../application/identity/disable-user.ts';
import {
  type EnsureBootstrapAdmin,
  makeEnsureBootstrapAdmin,
} from '../application/identity/ensure-bootstrap-admin.ts';
import { type FinishSso, makeFinishSso } from '../application/identity/finish-sso.ts';
import { type GetCurrentUser, makeGetCurrentUser } from '../application/identity/get-current-user.ts';
import {
  type IssueEmailVerification,
  makeIssueEmailVerification,
} from '../application/identity/issue-email-verification.ts';
import {
  type ListOwnAuditEvents,
  makeListOwnAuditEvents,
} from '../application/identity/list-own-audit-events.ts';
import { type ListSessions, makeListSessions } from '../application/identity/list-sessions.ts';
import { type ListUsers, makeListUsers } from '../application/identity/list-users.ts';
import { type LogIn, makeLogIn } from '../application/identity/log-in.ts';
import { type LogOut, makeLogOut } from '../application/identity/log-out.ts';
import type { AccessTokenService } from '../application/identity/ports/access-token-service.ts';
import type { AccountEmails } from '../application/identity/ports/account-emails.ts';
import type { AccountTokenRepository } from '../application/identity/ports/account-token-repository.ts';
import type { BrowserSessionRepository } from '../application/identity/ports/browser-session-repository.ts';
import type { CommonPasswords } from '../application/identity/ports/common-passwords.ts';
import type { IdentityProviders } from '../application/identity/ports/identity-providers.ts';
import type { LinkedIdentityRepository } from '../application/identity/ports/linked-identity-repository.ts';
import type { LoginSessionRepository } from '../application/identity/ports/login-session-repository.ts';
import type { LoginThrottle } from '../application/identity/ports/login-throttle.ts';
import type { NewUserListener } from '../application/identity/ports/new-user-listener.ts';
import type { PasswordHasher } from '../application/identity/ports/password-hasher.ts';
import type { RefreshTokens } from '../application/identity/ports/refresh-tokens.ts';
import type { SessionTokens } from '../application/identity/ports/session-tokens.ts';
import type { SigningKeyStore } from '../application/identity/ports/signing-key-store.ts';
import type { SigningKeys } from '../application/identity/ports/signing-keys.ts';
import type { UserRepository } from '../application/identity/ports/user-repository.ts';
import type { UserWorkspaces } from '../application/identity/ports/user-workspaces.ts';
import { makeRefreshSession, type RefreshSession } from '../application/identity/refresh-session.ts';
import { makeRegisterUser, type RegisterUser } from '../application/identity/register-user.ts';
import {
  makeRequestPasswordReset,
  type RequestPasswordReset,
} from '../application/identity/request-password-reset.ts';
import {
  makeResendEmailVerification,
  type ResendEmailVerification,
} from '../application/identity/resend-email-verification.ts';
import {
  makeResolveBrowserSession,
  type ResolveBrowserSession,
} from '../application/identity/resolve-browser-session.ts';
import {
  makeRevokeAllSessions,
  type RevokeAllSessions,
} from '../application/identity/revoke-all-sessions.ts';
import { makeRevokeOwnSession, type RevokeOwnSession } from '../application/identity/revoke-own-session.ts';
import { makeRevokeSession, type RevokeSession } from '../application/identity/revoke-session.ts';
import { makeRotateSigningKey, type RotateSigningKey } from '../application/identity/rotate-signing-key.ts';
import { makeSetPassword, type SetPassword } from '../application/identity/set-password.ts';
import { makeSignIn, type SignIn } from '../application/identity/sign-in.ts';
import { makeSignOut, type SignOut } from '../application/identity/sign-out.ts';
import { makeSsoAccount, type SsoAccount } from '../application/identity/sso-account.ts';
import {
  makeStartBrowserSession,
  type StartBrowserSession,
} from '../application/identity/start-browser-session.ts';
import { makeStartSso, type StartSso } from '../application/identity/start-sso.ts';
import { makeVerifyCredentials, type VerifyCredentials } from '../application/identity/verify-credentials.ts';
import { makeVerifyEmail, type VerifyEmail } from '../application/identity/verify-email.ts';
import type { CreatorKeys } from '../application/kernel/ports/creator-keys.ts';
import type { RateLimiter } from '../application/kernel/ports/rate-limiter.ts';
import type { RetentionPurge } from '../application/kernel/ports/retention-purge.ts';
import type { SecretBox } from '../application/kernel/ports/secret-box.ts';
import type { BrowserSessionLifetimes } from '../domain/identity/browser-session.ts';
import type { SessionLifetimes } from '../domain/identity/login-session.ts';
import type { Area } from './area.ts';
import type { ThroughNotifications } from './notifications.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';
import { registerTwoFactor, type TwoFactorCradle } from './two-factor.ts';

/** Verification e-mails one user may ask for again per hour (an inbox is not to be flooded through us). */
const VERIFICATION_RESENDS_PER_HOUR = 5;

/** Reset e-mails one address may be sent per hour (the reset form must not become a way to mail-bomb). */
const RESET_EMAILS_PER_HOUR = 3;

/** Verified access tokens kept per instance (about 1 KB each with the map's overhead). */
const VERIFIED_TOKENS = 10_000;

/**
 * Password hashes run at once: one core fewer than the machine has (at least one, at most three), each on a
 * HashingWorkers thread of its own at a raised nice value. A hash holds a core for its whole run (about 12 ms of
 * argon2id); with as many hashes as cores, a login flood leaves the event loop waiting for a core behind them,
 * and every cheap request (`/me`, claims) with it (issue 27: `/me` p99 during a login flood); the nice value
 * lets the event loop take a core from a hash at once. (The benchmark measures the argon2id bound with this
 * same figure.)
 */
export const hashingConcurrency = (): number => Math.max(1, Math.min(availableParallelism() - 1, 3));

/**
 * Hashes handed to each hashing thread at once: one running and the next in its inbox, so that the thread starts
 * it the moment the first ends instead of waiting for a busy event loop to hand it over.
 */
export const HASHES_PER_THREAD = 2;

/** Users, passwords, access and refresh tokens, login and browser sessions, login throttling. */
export interface IdentityCradle extends TwoFactorCradle {
  users: UserRepository;
  loginSessions: LoginSessionRepository;
  browserSessions: BrowserSessionRepository;
  /** Retention of ended login and browser sessions. */
  sessionPurges: readonly RetentionPurge[];
  signingKeyStore: SigningKeyStore;
  /**
   * Reads on hot paths (the token check, what `/me` shows), cached when `CACHE=on` with PostgreSQL: a value
   * there is at most the invalidation delay old on other instances, never on this one.
   */
  cachedLoginSessions: LoginSessionRepository;
  cachedUsers: UserRepository;
  sessionLifetimes: SessionLifetimes;
  browserSessionLifetimes: BrowserSessionLifetimes;
  cookieSettings: CookieSettings;
  secretBox: SecretBox;
  passwordHasher: PasswordHasher;
  commonPasswords: CommonPasswords;
  /** The access-token signing keys, cached: rotation and JWKS for the use cases, keys for the jose service. */
  signingKeys: SigningKeys & AccessTokenKeys;
  accessTokenKeys: AccessTokenKeys;
  accessTokens: AccessTokenService;
  refreshTokens: RefreshTokens;
  sessionTokens: SessionTokens;
  loginThrottle: LoginThrottle;
  verifyCredentials: VerifyCredentials;
  logIn: LogIn;
  refreshSession: RefreshSession;
  listOwnAuditEvents: ListOwnAuditEvents;
  identityMetrics: IdentityMetrics;
  /** Password hashes are admitted through it, a few at once (see `hashingConcurrency`). */
  passwordHashingQueue: BoundedQueue;
  /** The threads password hashes run on. */
  passwordHashingWorkers: HashingWorkers;
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
  resolveBrowserSession: ResolveBrowserSession;
  startBrowserSession: StartBrowserSession;
  signIn: SignIn;
  signOut: SignOut;
  revokeOwnSession: RevokeOwnSession;
  changePassword: ChangePassword;
  accountTokens: AccountTokenRepository;
  accountEmails: AccountEmails;
  /** Verification e-mails a user may ask for again, per hour. */
  verificationResendLimiter: RateLimiter;
  issueEmailVerification: IssueEmailVerification;
  verifyEmail: VerifyEmail;
  resendEmailVerification: ResendEmailVerification;
  /** Reset e-mails one address may be sent per hour, whether or not an account has it. */
  passwordResetLimiter: RateLimiter;
  requestPasswordReset: RequestPasswordReset;
  confirmPasswordReset: ConfirmPasswordReset;
  /** Single sign-on (OIDC_PROVIDERS): the providers, the identities linked to users, the two steps. */
  identityProviders: IdentityProviders;
  linkedIdentities: LinkedIdentityRepository;
  ssoAccount: SsoAccount;
  startSso: StartSso;
  finishSso: FinishSso;
}

/**
 * What identity asks of a later area (the workspaces area registers both): the workspaces `/me` lists
 * (cached), and who is told of a new user in the transaction that stores them (the personal workspace).
 */
export interface IdentityNeeds {
  cachedWorkspaces: UserWorkspaces;
  newUserListeners: readonly NewUserListener[];
  /** The keys a person created, revoked with their access (registered by the api-keys area). */
  creatorKeys: CreatorKeys;
}

export type ThroughIdentity = ThroughNotifications & IdentityCradle & IdentityNeeds;

const { singleton, instance, value } = registrar<ThroughIdentity>();
const { cachedRead, announced, stored } = adaptersFor<ThroughIdentity>();

export const identity: Area<IdentityCradle, ThroughIdentity> = {
  name: 'identity',
  register: (context) => {
    const { config, persistence } = context;
    const hashers = {
      argon2id: ({ passwordHashingQueue: queue, passwordHashingWorkers: workers }: ThroughIdentity) =>
        new Argon2PasswordHasher({ queue, workers }),
      scrypt: ({ passwordHashingQueue: queue, passwordHashingWorkers: workers }: ThroughIdentity) =>
        new ScryptPasswordHasher({ queue, workers }),
    };
    const users = announced(persistence, PostgresUserRepository, announcingUsers, InMemoryUserRepository);
    const loginSessions = announced(
      persistence,
      PostgresLoginSessionRepository,
      announcingLoginSessions,
      InMemoryLoginSessionRepository,
    );
    return {
      users: singleton(users),
      loginSessions: singleton(loginSessions),
      cachedUsers: cachedRead(persistence, ({ users }) => users, withCachedUsers),
      cachedLoginSessions: cachedRead(
        persistence,
        ({ loginSessions }) => loginSessions,
        withCachedSessionsInUse,
      ),
      browserSessions: singleton(
        stored(persistence, {
          postgres: ({ db }) => new MikroOrmBrowserSessionRepository({ db }),
          memory: (store) => new InMemoryBrowserSessionRepository({ store }),
        }),
      ),
      sessionPurges: singleton(
        stored(persistence, {
          postgres: ({ db }) => postgresSessionPurges(db),
          memory: (store) => inMemorySessionPurges(store),
        }),
      ),
      signingKeyStore: singleton(
        stored(persistence, {
          postgres: ({ db }) => new PostgresSigningKeyStore({ db }),
          memory: () => new InMemorySigningKeyStore(),
        }),
      ),
      sessionLifetimes: value(config.refresh),
      browserSessionLifetimes: value(config.browserSession),
      cookieSettings: value({ secure: config.cookieSecure }),
      secretBox: instance(AesGcmSecretBox),
      passwordHasher: singleton<PasswordHasher>(hashers[config.passwordHasher]),
      commonPasswords: singleton(() => new FileCommonPasswords()),
      signingKeys: instance(CachedSigningKeys),
      accessTokenKeys: singleton(({ signingKeys }) => signingKeys),
      accessTokens: singleton((deps) => {
        const verifying = new JoseAccessTokenService(deps);
        if (config.cache === 'off') return verifying;
        const { accessTokenKeys: keys, clock } = deps;
        return new CachedAccessTokenService({ inner: verifying, keys, clock, maxEntries: VERIFIED_TOKENS });
      }),
      refreshTokens: instance(HmacRefreshTokens),
      sessionTokens: instance(Sha256SessionTokens),
      loginThrottle: singleton(
        ({ rateLimiterFactory, masterKey }) =>
          new RateLimiterLoginThrottle(rateLimiterFactory, {
            accountKeySecret: deriveKey(masterKey, 'login-throttle'),
            loginPerAddress: { points: config.loginRateLimit, durationSeconds: 60 },
            refreshPerAddress: { points: config.refreshRateLimit, durationSeconds: 60 },
          }),
      ),
      verifyCredentials: singleton(makeVerifyCredentials),
      identityMetrics: singleton(({ metrics }) => identityMetrics(metrics)),
      passwordHashingQueue: singleton(
        ({ identityMetrics: { hashWait } }) =>
          new BoundedQueue({
            concurrency: HASHES_PER_THREAD * hashingConcurrency(),
            observeWait: (seconds) => hashWait.observe({}, seconds),
          }),
      ),
      passwordHashingWorkers: singleton(
        () => new HashingWorkers({ threads: hashingConcurrency() }),
        (workers) => workers.close(),
      ),
      listOwnAuditEvents: singleton(makeListOwnAuditEvents),
      logIn: singleton((deps) => countedLogin(makeLogIn(deps), 'api', deps.identityMetrics)),
      refreshSession: singleton(makeRefreshSession),
      authenticate: singleton(makeAuthenticate),
      logOut: singleton(makeLogOut),
      getCurrentUser: singleton(makeGetCurrentUser),
      listSessions: singleton(makeListSessions),
      revokeSession: singleton(makeRevokeSession),
      revokeAllSessions: singleton(makeRevokeAllSessions),
      registerUser: singleton(makeRegisterUser),
      setPassword: singleton(makeSetPassword),
      disableUser: singleton(makeDisableUser),
      listUsers: singleton(makeListUsers),
      ensureBootstrapAdmin: singleton(makeEnsureBootstrapAdmin),
      rotateSigningKey: singleton(makeRotateSigningKey),
      resolveBrowserSession: singleton(makeResolveBrowserSession),
      startBrowserSession: singleton(makeStartBrowserSession),
      signIn: singleton((deps) => countedLogin(makeSignIn(deps), 'web', deps.identityMetrics)),
      signOut: singleton(makeSignOut),
      revokeOwnSession: singleton(makeRevokeOwnSession),
      changePassword: singleton(makeChangePassword),
      accountTokens: singleton(
        stored(persistence, {
          postgres: ({ db }) => new PostgresAccountTokenRepository({ db }),
          memory: (store) => new InMemoryAccountTokenRepository({ store }),
        }),
      ),
      accountEmails: value(new TemplateAccountEmails({ publicUrl: config.publicUrl })),
      verificationResendLimiter: singleton(
        ({ rateLimiterFactory }) =>
          new FlexibleRateLimiter(rateLimiterFactory, {
            keyPrefix: 'verification-resend',
            points: VERIFICATION_RESENDS_PER_HOUR,
            duration: 3600,
          }),
      ),
      issueEmailVerification: singleton(makeIssueEmailVerification),
      verifyEmail: singleton(makeVerifyEmail),
      resendEmailVerification: singleton(makeResendEmailVerification),
      passwordResetLimiter: singleton(
        ({ rateLimiterFactory, masterKey }) =>
          new KeyedRateLimiter(
            new FlexibleRateLimiter(rateLimiterFactory, {
              keyPrefix: 'password-reset',
              points: RESET_EMAILS_PER_HOUR,
              duration: 3600,
            }),
            deriveKey(masterKey, 'password-reset-throttle'),
          ),
      ),
      requestPasswordReset: singleton(makeRequestPasswordReset),
      confirmPasswordReset: singleton(makeConfirmPasswordReset),
      identityProviders: value(new ConfiguredIdentityProviders(config.ssoProviders)),
      linkedIdentities: singleton(
        stored(persistence, {
          postgres: ({ db }) => new PostgresLinkedIdentityRepository({ db }),
          memory: (store) => new InMemoryLinkedIdentityRepository({ store }),
        }),
      ),
      ssoAccount: singleton(makeSsoAccount),
      startSso: singleton(makeStartSso),
      finishSso: singleton((deps) => countedLogin(makeFinishSso(deps), 'sso', deps.identityMetrics)),
      ...registerTwoFactor(context),
    };
  },
  retention: ({ sessionPurges }) => sessionPurges,
  metrics: ({ metrics, identityMetrics: _declared, passwordHashingQueue: queue }) =>
    metrics.gauge({
      name: 'password_hash_queue_jobs',
      help: 'Password hashes running and waiting for a slot of the bounded hashing queue',
      labelNames: ['state'],
      read: () => [
        { labels: { state: 'running' }, value: queue.running },
        { labels: { state: 'waiting' }, value: queue.waiting },
      ],
    }),
  routes: (deps) => [
    ...authRoutes(deps, { signupEnabled: deps.config.signupEnabled }),
    ...loginSessionRoutes(deps),
    ...twoFactorRoutes(deps),
    sessionRoute(deps),
  ],
};
