import { availableParallelism } from 'node:os';
import {
  type AwilixContainer,
  aliasTo,
  asClass,
  asFunction,
  asValue,
  createContainer as createAwilixContainer,
  InjectionMode,
} from 'awilix';
import type Koa from 'koa';
import { JoseAccessTokenService } from './adapters/auth/jose-access-token-service.ts';
import { AesGcmSecretBox } from './adapters/crypto/aes-gcm-secret-box.ts';
import { Argon2PasswordHasher } from './adapters/crypto/argon2-password-hasher.ts';
import { BoundedQueue } from './adapters/crypto/bounded-queue.ts';
import { HmacRefreshTokens } from './adapters/crypto/hmac-refresh-tokens.ts';
import { HmacSignatureVerifier } from './adapters/crypto/hmac-signature-verifier.ts';
import { deriveKey } from './adapters/crypto/master-key.ts';
import { RandomWebhookSecretGenerator } from './adapters/crypto/random-webhook-secret-generator.ts';
import { ScryptPasswordHasher } from './adapters/crypto/scrypt-password-hasher.ts';
import { Sha256SessionTokens } from './adapters/crypto/sha256-session-tokens.ts';
import { webhookSecretBox } from './adapters/crypto/webhook-secret-box.ts';
import { bearerAuthenticator } from './adapters/http/bearer-authenticator.ts';
import { createHttpApp } from './adapters/http/create-http-app.ts';
import { buildOpenApi } from './adapters/http/openapi.ts';
import type { RouteSpec } from './adapters/http/route.ts';
import { authRoutes } from './adapters/http/routes/auth-routes.ts';
import { deliveryRoutes } from './adapters/http/routes/delivery-routes.ts';
import { missionRoutes } from './adapters/http/routes/mission-routes.ts';
import { openApiRoute } from './adapters/http/routes/openapi-routes.ts';
import { runRoutes } from './adapters/http/routes/run-routes.ts';
import { sessionRoute } from './adapters/http/routes/session-route.ts';
import { systemRoutes } from './adapters/http/routes/system-routes.ts';
import { triggerRoutes } from './adapters/http/routes/trigger-routes.ts';
import { webhookRoutes } from './adapters/http/routes/webhook-routes.ts';
import { workspaceRoutes } from './adapters/http/routes/workspace-routes.ts';
import { isDatabaseUnavailable } from './adapters/persistence/postgres/database-unavailable.ts';
import { MikroOrmBrowserSessionRepository } from './adapters/persistence/postgres/mikro-orm-browser-session-repository.ts';
import { MikroOrmLoginSessionRepository } from './adapters/persistence/postgres/mikro-orm-login-session-repository.ts';
import { MikroOrmMissionRepository } from './adapters/persistence/postgres/mikro-orm-mission-repository.ts';
import { MikroOrmRunRepository } from './adapters/persistence/postgres/mikro-orm-run-repository.ts';
import { MikroOrmUnitOfWork } from './adapters/persistence/postgres/mikro-orm-unit-of-work.ts';
import { MikroOrmUserRepository } from './adapters/persistence/postgres/mikro-orm-user-repository.ts';
import { MikroOrmWorkspaceRepository } from './adapters/persistence/postgres/mikro-orm-workspace-repository.ts';
import type { Orm } from './adapters/persistence/postgres/orm.ts';
import { PostgresAuditLog } from './adapters/persistence/postgres/postgres-audit-log.ts';
import { PostgresDeliveryRepository } from './adapters/persistence/postgres/postgres-delivery-repository.ts';
import { PostgresReadinessProbe } from './adapters/persistence/postgres/postgres-readiness-probe.ts';
import { PostgresSigningKeys } from './adapters/persistence/postgres/postgres-signing-keys.ts';
import { PostgresTriggerRepository } from './adapters/persistence/postgres/postgres-trigger-repository.ts';
import { DeliveryPurgeJob } from './adapters/system/delivery-purge-job.ts';
import type { Logger } from './adapters/system/logger.ts';
import { RunLeaseSweeper } from './adapters/system/run-lease-sweeper.ts';
import { SystemClock } from './adapters/system/system-clock.ts';
import { UuidV7IdGenerator } from './adapters/system/uuid-v7-id-generator.ts';
import { FlexibleRateLimiter } from './adapters/throttling/flexible-rate-limiter.ts';
import { RateLimiterLoginThrottle } from './adapters/throttling/rate-limiter-login-throttle.ts';
import {
  createRateLimiterFactory,
  type RateLimiterFactory,
} from './adapters/throttling/rate-limiter-store.ts';
import type { CookieSettings } from './adapters/web/cookies.ts';
import { webSurface } from './adapters/web/web-surface.ts';
import { type Authenticate, makeAuthenticate } from './application/auth/authenticate.ts';
import { type GetCurrentUser, makeGetCurrentUser } from './application/auth/get-current-user.ts';
import { type ListSessions, makeListSessions } from './application/auth/list-sessions.ts';
import { type LogIn, makeLogIn } from './application/auth/log-in.ts';
import { type LogOut, makeLogOut } from './application/auth/log-out.ts';
import { makeRefreshSession, type RefreshSession } from './application/auth/refresh-session.ts';
import { makeRevokeAllSessions, type RevokeAllSessions } from './application/auth/revoke-all-sessions.ts';
import { makeRevokeSession, type RevokeSession } from './application/auth/revoke-session.ts';
import { makeVerifyCredentials, type VerifyCredentials } from './application/auth/verify-credentials.ts';
import { type ChangePassword, makeChangePassword } from './application/browser/change-password.ts';
import { type GetHome, makeGetHome } from './application/browser/get-home.ts';
import {
  makeResolveBrowserSession,
  type ResolveBrowserSession,
} from './application/browser/resolve-browser-session.ts';
import { makeRevokeOwnSession, type RevokeOwnSession } from './application/browser/revoke-own-session.ts';
import { makeSignIn, type SignIn } from './application/browser/sign-in.ts';
import { makeSignOut, type SignOut } from './application/browser/sign-out.ts';
import { type GetDelivery, makeGetDelivery } from './application/deliveries/get-delivery.ts';
import { type ListDeliveries, makeListDeliveries } from './application/deliveries/list-deliveries.ts';
import {
  type DeliveryRetention,
  makePurgeDeliveryBodies,
  type PurgeDeliveryBodies,
} from './application/deliveries/purge-delivery-bodies.ts';
import { makeReplayDelivery, type ReplayDelivery } from './application/deliveries/replay-delivery.ts';
import { makeRotateSigningKey, type RotateSigningKey } from './application/keys/rotate-signing-key.ts';
import { type CreateMission, makeCreateMission } from './application/missions/create-mission.ts';
import { type DeleteMission, makeDeleteMission } from './application/missions/delete-mission.ts';
import { type GetMission, makeGetMission } from './application/missions/get-mission.ts';
import { type ListMissions, makeListMissions } from './application/missions/list-missions.ts';
import { makeUpdateMission, type UpdateMission } from './application/missions/update-mission.ts';
import type { AccessTokenService } from './application/ports/access-token-service.ts';
import type { AuditLog } from './application/ports/audit-log.ts';
import type { BrowserSessionRepository } from './application/ports/browser-session-repository.ts';
import type { Clock } from './application/ports/clock.ts';
import type { DeliveryRepository } from './application/ports/delivery-repository.ts';
import type { IdGenerator } from './application/ports/id-generator.ts';
import type { LoginSessionRepository } from './application/ports/login-session-repository.ts';
import type { LoginThrottle } from './application/ports/login-throttle.ts';
import type { MissionRepository } from './application/ports/mission-repository.ts';
import type { PasswordHasher } from './application/ports/password-hasher.ts';
import type { RateLimiter } from './application/ports/rate-limiter.ts';
import type { ReadinessProbe } from './application/ports/readiness-probe.ts';
import type { RefreshTokens } from './application/ports/refresh-tokens.ts';
import type { RunRepository } from './application/ports/run-repository.ts';
import type { SecretBox } from './application/ports/secret-box.ts';
import type { SessionTokens } from './application/ports/session-tokens.ts';
import type { SignatureVerifier } from './application/ports/signature-verifier.ts';
import type { TriggerRepository } from './application/ports/trigger-repository.ts';
import type { UnitOfWork } from './application/ports/unit-of-work.ts';
import type { UserRepository } from './application/ports/user-repository.ts';
import type { WebhookSecretGenerator } from './application/ports/webhook-secret-generator.ts';
import type { WorkspaceRepository } from './application/ports/workspace-repository.ts';
import { type CancelRun, makeCancelRun } from './application/runs/cancel-run.ts';
import { type ClaimRun, makeClaimRun } from './application/runs/claim-run.ts';
import { type CompleteRun, makeCompleteRun } from './application/runs/complete-run.ts';
import { type ExpireRunLeases, makeExpireRunLeases } from './application/runs/expire-run-leases.ts';
import { type GetRun, makeGetRun } from './application/runs/get-run.ts';
import { type HeartbeatRun, makeHeartbeatRun } from './application/runs/heartbeat-run.ts';
import { type ListRuns, makeListRuns } from './application/runs/list-runs.ts';
import type { RunSettings } from './application/runs/run-settings.ts';
import { makeStartRun, type StartRun } from './application/runs/start-run.ts';
import { type CheckReadiness, makeCheckReadiness } from './application/system/check-readiness.ts';
import { type CreateTrigger, makeCreateTrigger } from './application/triggers/create-trigger.ts';
import { type DeleteTrigger, makeDeleteTrigger } from './application/triggers/delete-trigger.ts';
import { type GetTrigger, makeGetTrigger } from './application/triggers/get-trigger.ts';
import { type ListTriggers, makeListTriggers } from './application/triggers/list-triggers.ts';
import { makeReceiveDelivery, type ReceiveDelivery } from './application/triggers/receive-delivery.ts';
import {
  makeRevokePreviousTriggerSecret,
  type RevokePreviousTriggerSecret,
} from './application/triggers/revoke-previous-trigger-secret.ts';
import {
  makeRotateTriggerSecret,
  type RotateTriggerSecret,
} from './application/triggers/rotate-trigger-secret.ts';
import { makeUpdateTrigger, type UpdateTrigger } from './application/triggers/update-trigger.ts';
import { type DisableUser, makeDisableUser } from './application/users/disable-user.ts';
import {
  type EnsureBootstrapAdmin,
  makeEnsureBootstrapAdmin,
} from './application/users/ensure-bootstrap-admin.ts';
import { type ListUsers, makeListUsers } from './application/users/list-users.ts';
import { makeRegisterUser, type RegisterUser } from './application/users/register-user.ts';
import { makeSetPassword, type SetPassword } from './application/users/set-password.ts';
import { type AddMember, makeAddMember } from './application/workspaces/add-member.ts';
import { type ChangeMemberRole, makeChangeMemberRole } from './application/workspaces/change-member-role.ts';
import { type CreateWorkspace, makeCreateWorkspace } from './application/workspaces/create-workspace.ts';
import { type DeleteWorkspace, makeDeleteWorkspace } from './application/workspaces/delete-workspace.ts';
import { type GetWorkspace, makeGetWorkspace } from './application/workspaces/get-workspace.ts';
import { type ListMembers, makeListMembers } from './application/workspaces/list-members.ts';
import { type ListWorkspaces, makeListWorkspaces } from './application/workspaces/list-workspaces.ts';
import { makeRemoveMember, type RemoveMember } from './application/workspaces/remove-member.ts';
import { makeRenameWorkspace, type RenameWorkspace } from './application/workspaces/rename-workspace.ts';
import { makeWorkspaceAccess, type WorkspaceAccess } from './application/workspaces/workspace-access.ts';
import type { Config } from './config.ts';
import type { BrowserSessionLifetimes } from './domain/browser/browser-session.ts';
import type { SessionLifetimes } from './domain/sessions/login-session.ts';

/** Everything the composition root can resolve. */
export interface Cradle {
  config: Config;
  logger: Logger;
  orm: Orm;
  masterKey: Buffer;
  clock: Clock;
  ids: IdGenerator;
  unitOfWork: UnitOfWork;
  readinessProbe: ReadinessProbe;
  checkReadiness: CheckReadiness;
  // identity
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
  // browser surface
  browserSessionLifetimes: BrowserSessionLifetimes;
  cookieSettings: CookieSettings;
  publicOrigin: string;
  isUnavailable: (error: unknown) => boolean;
  sessionTokens: SessionTokens;
  browserSessions: BrowserSessionRepository;
  resolveBrowserSession: ResolveBrowserSession;
  signIn: SignIn;
  signOut: SignOut;
  getHome: GetHome;
  revokeOwnSession: RevokeOwnSession;
  changePassword: ChangePassword;
  webSurface: Koa.Middleware;
  // workspaces, missions, runs and the worker protocol
  workspaceAccess: WorkspaceAccess;
  listWorkspaces: ListWorkspaces;
  createWorkspace: CreateWorkspace;
  getWorkspace: GetWorkspace;
  renameWorkspace: RenameWorkspace;
  deleteWorkspace: DeleteWorkspace;
  listMembers: ListMembers;
  addMember: AddMember;
  changeMemberRole: ChangeMemberRole;
  removeMember: RemoveMember;
  missions: MissionRepository;
  createMission: CreateMission;
  listMissions: ListMissions;
  getMission: GetMission;
  updateMission: UpdateMission;
  deleteMission: DeleteMission;
  runSettings: RunSettings;
  runs: RunRepository;
  startRun: StartRun;
  listRuns: ListRuns;
  getRun: GetRun;
  cancelRun: CancelRun;
  claimRun: ClaimRun;
  heartbeatRun: HeartbeatRun;
  completeRun: CompleteRun;
  expireRunLeases: ExpireRunLeases;
  runLeaseSweeper: RunLeaseSweeper;
  // webhook triggers and deliveries
  webhookSecretBox: SecretBox;
  webhookSecrets: WebhookSecretGenerator;
  signatureVerifier: SignatureVerifier;
  webhookRateLimiter: RateLimiter;
  triggers: TriggerRepository;
  deliveries: DeliveryRepository;
  deliveryRetention: DeliveryRetention;
  createTrigger: CreateTrigger;
  listTriggers: ListTriggers;
  getTrigger: GetTrigger;
  updateTrigger: UpdateTrigger;
  deleteTrigger: DeleteTrigger;
  rotateTriggerSecret: RotateTriggerSecret;
  revokePreviousTriggerSecret: RevokePreviousTriggerSecret;
  receiveDelivery: ReceiveDelivery;
  listDeliveries: ListDeliveries;
  getDelivery: GetDelivery;
  replayDelivery: ReplayDelivery;
  purgeDeliveryBodies: PurgeDeliveryBodies;
  deliveryPurgeJob: DeliveryPurgeJob;
  // http
  routes: RouteSpec[];
  httpApp: Koa;
}

export interface Infrastructure {
  readonly config: Config;
  readonly logger: Logger;
  readonly orm: Orm;
  /** The URL the ORM connected to (the rate-limit store opens its own small pool on it). */
  readonly databaseUrl: string;
  /** 32 bytes from which every at-rest encryption and token key is derived. */
  readonly masterKey: Buffer;
}

/** The one composition root: configuration and infrastructure in, a fully wired application out. */
export function createContainer(infrastructure: Infrastructure): AwilixContainer<Cradle> {
  const { config, logger } = infrastructure;
  const container = createAwilixContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  container.register({
    config: asValue(config),
    logger: asValue(logger),
    orm: asValue(infrastructure.orm),
    masterKey: asValue(infrastructure.masterKey),
    clock: asClass(SystemClock).singleton(),
    ids: asClass(UuidV7IdGenerator).singleton(),
    unitOfWork: asClass(MikroOrmUnitOfWork).singleton(),
    readinessProbe: asClass(PostgresReadinessProbe).singleton(),
    checkReadiness: asFunction(makeCheckReadiness).singleton(),
  });
  registerIdentity(container, infrastructure);
  registerBrowserSurface(container, config);
  registerWorkspacesMissionsRuns(container, config);
  registerWebhookTriggers(container, config);
  container.register({
    routes: asFunction((deps: Cradle) => apiRoutes(deps)).singleton(),
    httpApp: asFunction(({ routes, authenticate, webSurface }: Cradle) =>
      createHttpApp({
        logger,
        routes,
        authenticators: { bearer: bearerAuthenticator(authenticate) },
        maxJsonBodyBytes: config.maxJsonBodyBytes,
        apiRateLimitPerMinute: config.apiRateLimit,
        trustedProxies: config.trustedProxies,
        isUnavailable: isDatabaseUnavailable,
        web: webSurface,
      }),
    ).singleton(),
  });
  return container;
}

function registerIdentity(container: AwilixContainer<Cradle>, { config, databaseUrl }: Infrastructure): void {
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

/** The web application: cookie sessions and server-rendered pages, a second driving adapter. */
function registerBrowserSurface(container: AwilixContainer<Cradle>, config: Config): void {
  container.register({
    browserSessionLifetimes: asValue(config.browserSession),
    cookieSettings: asValue({ secure: config.cookieSecure }),
    sessionTokens: asClass(Sha256SessionTokens).singleton(),
    browserSessions: asClass(MikroOrmBrowserSessionRepository).singleton(),
    resolveBrowserSession: asFunction(makeResolveBrowserSession).singleton(),
    signIn: asFunction(makeSignIn).singleton(),
    signOut: asFunction(makeSignOut).singleton(),
    getHome: asFunction(makeGetHome).singleton(),
    revokeOwnSession: asFunction(makeRevokeOwnSession).singleton(),
    changePassword: asFunction(makeChangePassword).singleton(),
    publicOrigin: asValue(new URL(config.publicUrl).origin),
    isUnavailable: asValue(isDatabaseUnavailable),
    webSurface: asFunction(webSurface).singleton(),
  });
}

/** Workspaces and members, missions, runs, and the worker protocol that moves runs through their states. */
function registerWorkspacesMissionsRuns(container: AwilixContainer<Cradle>, config: Config): void {
  container.register({
    workspaceAccess: asFunction(makeWorkspaceAccess).singleton(),
    listWorkspaces: asFunction(makeListWorkspaces).singleton(),
    createWorkspace: asFunction(makeCreateWorkspace).singleton(),
    getWorkspace: asFunction(makeGetWorkspace).singleton(),
    renameWorkspace: asFunction(makeRenameWorkspace).singleton(),
    deleteWorkspace: asFunction(makeDeleteWorkspace).singleton(),
    listMembers: asFunction(makeListMembers).singleton(),
    addMember: asFunction(makeAddMember).singleton(),
    changeMemberRole: asFunction(makeChangeMemberRole).singleton(),
    removeMember: asFunction(makeRemoveMember).singleton(),
    missions: asClass(MikroOrmMissionRepository).singleton(),
    createMission: asFunction(makeCreateMission).singleton(),
    listMissions: asFunction(makeListMissions).singleton(),
    getMission: asFunction(makeGetMission).singleton(),
    updateMission: asFunction(makeUpdateMission).singleton(),
    deleteMission: asFunction(makeDeleteMission).singleton(),
    runSettings: asValue({
      maxAttempts: config.runs.maxAttempts,
      defaultLeaseSeconds: config.runs.defaultLeaseSeconds,
    }),
    runs: asClass(MikroOrmRunRepository).singleton(),
    startRun: asFunction(makeStartRun).singleton(),
    listRuns: asFunction(makeListRuns).singleton(),
    getRun: asFunction(makeGetRun).singleton(),
    cancelRun: asFunction(makeCancelRun).singleton(),
    claimRun: asFunction(makeClaimRun).singleton(),
    heartbeatRun: asFunction(makeHeartbeatRun).singleton(),
    completeRun: asFunction(makeCompleteRun).singleton(),
    expireRunLeases: asFunction(makeExpireRunLeases).singleton(),
    runLeaseSweeper: asFunction(
      ({ expireRunLeases, logger }: Cradle) =>
        new RunLeaseSweeper({ expireRunLeases, logger, intervalSeconds: config.runs.sweepIntervalSeconds }),
    )
      .singleton()
      .disposer((sweeper) => sweeper.stop()),
  });
}

/** Webhook triggers (signing secrets sealed at rest), HMAC-verified ingest, the delivery log and its retention. */
function registerWebhookTriggers(container: AwilixContainer<Cradle>, config: Config): void {
  container.register({
    // A key of its own (HKDF purpose `webhook-secrets`): the signing-key box's key never opens webhook secrets.
    webhookSecretBox: asFunction(({ masterKey }: Cradle) => webhookSecretBox(masterKey)).singleton(),
    webhookSecrets: asClass(RandomWebhookSecretGenerator).singleton(),
    signatureVerifier: asClass(HmacSignatureVerifier).singleton(),
    webhookRateLimiter: asFunction(
      ({ rateLimiterFactory }: Cradle) =>
        new FlexibleRateLimiter(rateLimiterFactory, {
          keyPrefix: 'webhook',
          points: config.webhooks.rateLimitPerMinute,
          duration: 60,
        }),
    ).singleton(),
    triggers: asClass(PostgresTriggerRepository).singleton(),
    deliveries: asClass(PostgresDeliveryRepository).singleton(),
    deliveryRetention: asValue({ retentionDays: config.webhooks.retentionDays, batchSize: 1000 }),
    createTrigger: asFunction(makeCreateTrigger).singleton(),
    listTriggers: asFunction(makeListTriggers).singleton(),
    getTrigger: asFunction(makeGetTrigger).singleton(),
    updateTrigger: asFunction(makeUpdateTrigger).singleton(),
    deleteTrigger: asFunction(makeDeleteTrigger).singleton(),
    rotateTriggerSecret: asFunction(makeRotateTriggerSecret).singleton(),
    revokePreviousTriggerSecret: asFunction(makeRevokePreviousTriggerSecret).singleton(),
    receiveDelivery: asFunction(makeReceiveDelivery).singleton(),
    listDeliveries: asFunction(makeListDeliveries).singleton(),
    getDelivery: asFunction(makeGetDelivery).singleton(),
    replayDelivery: asFunction(makeReplayDelivery).singleton(),
    purgeDeliveryBodies: asFunction(makePurgeDeliveryBodies).singleton(),
    deliveryPurgeJob: asFunction(
      ({ purgeDeliveryBodies, logger }: Cradle) =>
        new DeliveryPurgeJob({
          purgeDeliveryBodies,
          logger,
          intervalSeconds: config.webhooks.purgeIntervalSeconds,
        }),
    )
      .singleton()
      .disposer((job) => job.stop()),
  });
}

function apiRoutes(deps: Cradle): RouteSpec[] {
  const routes: RouteSpec[] = [
    ...systemRoutes(deps),
    ...authRoutes(deps, { signupEnabled: deps.config.signupEnabled }),
    sessionRoute(deps),
    ...workspaceRoutes(deps),
    ...missionRoutes(deps),
    ...runRoutes(deps),
    ...webhookRoutes(deps),
    ...triggerRoutes(deps),
    ...deliveryRoutes(deps),
  ];
  const document = () =>
    buildOpenApi(routes, {
      title: 'Workflow and agent platform API',
      version: '2.0.0',
      description:
        'Backend HTTP API. Authenticate with `POST /api/auth/login`, then send the access token as a bearer.',
      serverUrl: deps.config.publicUrl,
    });
  routes.push(openApiRoute(document));
  return routes;
}
