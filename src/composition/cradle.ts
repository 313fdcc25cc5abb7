/**
 * Everything the composition root can resolve, by name. A types-only leaf: it imports types and nothing
 * imports it back at run time, so every composition part can be read (and type-checked) on its own.
 * Factories registered through `registration.ts` take this whole cradle as their parameter type, so a
 * dependency a use case names but the cradle lacks (or names differently) is a type error at its line.
 */
import type Koa from 'koa';
import type { AccessTokenKeys } from '../adapters/identity/jose-access-token-service.ts';
import type { RouteSpec } from '../adapters/platform/http/route.ts';
import type { Logger } from '../adapters/platform/system/logger.ts';
import type { RateLimiterFactory } from '../adapters/platform/throttling/rate-limiter-store.ts';
import type { RunLeaseSweeper } from '../adapters/runs/run-lease-sweeper.ts';
import type { ScheduleDispatcher } from '../adapters/schedules/schedule-dispatcher.ts';
import type { DeliveryPurgeJob } from '../adapters/triggers/delivery-purge-job.ts';
import type { CookieSettings } from '../adapters/web/cookies.ts';
import type { WebhookDispatcher } from '../adapters/webhooks/webhook-dispatcher.ts';
import type { AuthenticateApiKey } from '../application/api-keys/authenticate-api-key.ts';
import type { CreateApiKey } from '../application/api-keys/create-api-key.ts';
import type { IssueApiKey } from '../application/api-keys/issue-api-key.ts';
import type { ListApiKeys } from '../application/api-keys/list-api-keys.ts';
import type { ApiKeyRepository } from '../application/api-keys/ports/api-key-repository.ts';
import type { ApiKeySecrets } from '../application/api-keys/ports/api-key-secrets.ts';
import type { RevokeApiKey } from '../application/api-keys/revoke-api-key.ts';
import type { AuditLog } from '../application/audit/ports/audit-log.ts';
import type { Authenticate } from '../application/identity/authenticate.ts';
import type { ChangePassword } from '../application/identity/change-password.ts';
import type { DisableUser } from '../application/identity/disable-user.ts';
import type { EnsureBootstrapAdmin } from '../application/identity/ensure-bootstrap-admin.ts';
import type { GetCurrentUser } from '../application/identity/get-current-user.ts';
import type { ListSessions } from '../application/identity/list-sessions.ts';
import type { ListUsers } from '../application/identity/list-users.ts';
import type { LogIn } from '../application/identity/log-in.ts';
import type { LogOut } from '../application/identity/log-out.ts';
import type { AccessTokenService } from '../application/identity/ports/access-token-service.ts';
import type { BrowserSessionRepository } from '../application/identity/ports/browser-session-repository.ts';
import type { CommonPasswords } from '../application/identity/ports/common-passwords.ts';
import type { LoginSessionRepository } from '../application/identity/ports/login-session-repository.ts';
import type { LoginThrottle } from '../application/identity/ports/login-throttle.ts';
import type { PasswordHasher } from '../application/identity/ports/password-hasher.ts';
import type { RefreshTokens } from '../application/identity/ports/refresh-tokens.ts';
import type { SessionTokens } from '../application/identity/ports/session-tokens.ts';
import type { SigningKeyStore } from '../application/identity/ports/signing-key-store.ts';
import type { SigningKeys } from '../application/identity/ports/signing-keys.ts';
import type { UserRepository } from '../application/identity/ports/user-repository.ts';
import type { RefreshSession } from '../application/identity/refresh-session.ts';
import type { RegisterUser } from '../application/identity/register-user.ts';
import type { ResolveBrowserSession } from '../application/identity/resolve-browser-session.ts';
import type { RevokeAllSessions } from '../application/identity/revoke-all-sessions.ts';
import type { RevokeOwnSession } from '../application/identity/revoke-own-session.ts';
import type { RevokeSession } from '../application/identity/revoke-session.ts';
import type { RotateSigningKey } from '../application/identity/rotate-signing-key.ts';
import type { SetPassword } from '../application/identity/set-password.ts';
import type { SignIn } from '../application/identity/sign-in.ts';
import type { SignOut } from '../application/identity/sign-out.ts';
import type { VerifyCredentials } from '../application/identity/verify-credentials.ts';
import type { Clock } from '../application/kernel/ports/clock.ts';
import type { IdGenerator } from '../application/kernel/ports/id-generator.ts';
import type { RateLimiter } from '../application/kernel/ports/rate-limiter.ts';
import type { SecretBox } from '../application/kernel/ports/secret-box.ts';
import type { UnitOfWork } from '../application/kernel/ports/unit-of-work.ts';
import type { CreateMission } from '../application/missions/create-mission.ts';
import type { DeleteMission } from '../application/missions/delete-mission.ts';
import type { GetMission } from '../application/missions/get-mission.ts';
import type { ListMissions } from '../application/missions/list-missions.ts';
import type { MissionRepository } from '../application/missions/ports/mission-repository.ts';
import type { UpdateMission } from '../application/missions/update-mission.ts';
import type { AppendRunEvents } from '../application/runs/append-run-events.ts';
import type { CancelRun } from '../application/runs/cancel-run.ts';
import type { ClaimRun } from '../application/runs/claim-run.ts';
import type { ClaimRuns } from '../application/runs/claim-runs.ts';
import type { CompleteRun } from '../application/runs/complete-run.ts';
import type { ExpireRunLeases } from '../application/runs/expire-run-leases.ts';
import type { FollowRunEvents } from '../application/runs/follow-run-events.ts';
import type { GetRun } from '../application/runs/get-run.ts';
import type { HeartbeatRun } from '../application/runs/heartbeat-run.ts';
import type { ListRunEvents } from '../application/runs/list-run-events.ts';
import type { ListRuns } from '../application/runs/list-runs.ts';
import type { RunEventNotifier } from '../application/runs/ports/run-event-notifier.ts';
import type { RunEventRepository } from '../application/runs/ports/run-event-repository.ts';
import type { RunRepository } from '../application/runs/ports/run-repository.ts';
import type { RunEventFeed } from '../application/runs/run-event-feed.ts';
import type { RunSettings } from '../application/runs/run-settings.ts';
import type { RunTransitions } from '../application/runs/run-transitions.ts';
import type { StartRun } from '../application/runs/start-run.ts';
import type { CreateSchedule } from '../application/schedules/create-schedule.ts';
import type { DeleteSchedule } from '../application/schedules/delete-schedule.ts';
import type { FireDueSchedules } from '../application/schedules/fire-due-schedules.ts';
import type { GetSchedule } from '../application/schedules/get-schedule.ts';
import type { ListSchedules } from '../application/schedules/list-schedules.ts';
import type { CronCalendar } from '../application/schedules/ports/cron-calendar.ts';
import type { ScheduleRepository } from '../application/schedules/ports/schedule-repository.ts';
import type { UpdateSchedule } from '../application/schedules/update-schedule.ts';
import type { CheckReadiness } from '../application/system/check-readiness.ts';
import type { ReadinessProbe } from '../application/system/ports/readiness-probe.ts';
import type { CreateTrigger } from '../application/triggers/create-trigger.ts';
import type { DeleteTrigger } from '../application/triggers/delete-trigger.ts';
import type { GetDelivery } from '../application/triggers/get-delivery.ts';
import type { GetTrigger } from '../application/triggers/get-trigger.ts';
import type { ListDeliveries } from '../application/triggers/list-deliveries.ts';
import type { ListTriggers } from '../application/triggers/list-triggers.ts';
import type { DeliveryIntake } from '../application/triggers/ports/delivery-intake.ts';
import type { DeliveryRepository } from '../application/triggers/ports/delivery-repository.ts';
import type { SignatureVerifiers } from '../application/triggers/ports/signature-verifier.ts';
import type { TriggerRepository } from '../application/triggers/ports/trigger-repository.ts';
import type { WebhookSecretGenerator } from '../application/triggers/ports/webhook-secret-generator.ts';
import type {
  DeliveryRetention,
  PurgeDeliveryBodies,
} from '../application/triggers/purge-delivery-bodies.ts';
import type { ReceiveDelivery } from '../application/triggers/receive-delivery.ts';
import type { ReplayDelivery } from '../application/triggers/replay-delivery.ts';
import type { RevokePreviousTriggerSecret } from '../application/triggers/revoke-previous-trigger-secret.ts';
import type { RotateTriggerSecret } from '../application/triggers/rotate-trigger-secret.ts';
import type { UpdateTrigger } from '../application/triggers/update-trigger.ts';
import type { GetHome } from '../application/web/get-home.ts';
import type { CreateWebhookEndpoint } from '../application/webhooks/create-webhook-endpoint.ts';
import type { DeleteWebhookEndpoint } from '../application/webhooks/delete-webhook-endpoint.ts';
import type { DispatchWebhookMessages } from '../application/webhooks/dispatch-webhook-messages.ts';
import type { GetWebhookEndpoint } from '../application/webhooks/get-webhook-endpoint.ts';
import type { ListWebhookEndpoints } from '../application/webhooks/list-webhook-endpoints.ts';
import type { ListWebhookMessages } from '../application/webhooks/list-webhook-messages.ts';
import type { OutboundWebhookSettings } from '../application/webhooks/outbound-webhook-settings.ts';
import type { WebhookEndpointRepository } from '../application/webhooks/ports/webhook-endpoint-repository.ts';
import type { WebhookMessageRepository } from '../application/webhooks/ports/webhook-message-repository.ts';
import type { WebhookPayloads } from '../application/webhooks/ports/webhook-payloads.ts';
import type { WebhookSender } from '../application/webhooks/ports/webhook-sender.ts';
import type { RecordRunOutcome } from '../application/webhooks/record-run-outcome.ts';
import type { ResendWebhookMessage } from '../application/webhooks/resend-webhook-message.ts';
import type { RotateWebhookEndpointSecret } from '../application/webhooks/rotate-webhook-endpoint-secret.ts';
import type { UpdateWebhookEndpoint } from '../application/webhooks/update-webhook-endpoint.ts';
import type { AcceptInvitation } from '../application/workspaces/accept-invitation.ts';
import type { ChangeMemberRole } from '../application/workspaces/change-member-role.ts';
import type { CreateWorkspace } from '../application/workspaces/create-workspace.ts';
import type { DeclineInvitation } from '../application/workspaces/decline-invitation.ts';
import type { DeleteWorkspace } from '../application/workspaces/delete-workspace.ts';
import type { GetWorkspace } from '../application/workspaces/get-workspace.ts';
import type { InviteMember } from '../application/workspaces/invite-member.ts';
import type { ListInvitations } from '../application/workspaces/list-invitations.ts';
import type { ListMembers } from '../application/workspaces/list-members.ts';
import type { ListReceivedInvitations } from '../application/workspaces/list-received-invitations.ts';
import type { ListWorkspaces } from '../application/workspaces/list-workspaces.ts';
import type { InvitationRepository } from '../application/workspaces/ports/invitation-repository.ts';
import type { WorkspaceRepository } from '../application/workspaces/ports/workspace-repository.ts';
import type { RemoveMember } from '../application/workspaces/remove-member.ts';
import type { RenameWorkspace } from '../application/workspaces/rename-workspace.ts';
import type { RevokeInvitation } from '../application/workspaces/revoke-invitation.ts';
import type { WorkspaceAccess } from '../application/workspaces/workspace-access.ts';
import type { Config } from '../config.ts';
import type { BrowserSessionLifetimes } from '../domain/identity/browser-session.ts';
import type { SessionLifetimes } from '../domain/identity/login-session.ts';

/** Configuration, logging, time, ids, secrets: what every part may use. */
export interface CoreCradle {
  config: Config;
  logger: Logger;
  /** 32 bytes from which every at-rest encryption and token key is derived. */
  masterKey: Buffer;
  clock: Clock;
  ids: IdGenerator;
  checkReadiness: CheckReadiness;
}

/** Every port that keeps state, from one family of adapters chosen by `PERSISTENCE`. */
export interface PersistenceCradle {
  /** Tells a database outage (answered 503) from any other error. */
  isUnavailable: (error: unknown) => boolean;
  unitOfWork: UnitOfWork;
  readinessProbe: ReadinessProbe;
  users: UserRepository;
  workspaces: WorkspaceRepository;
  invitations: InvitationRepository;
  apiKeys: ApiKeyRepository;
  loginSessions: LoginSessionRepository;
  /**
   * Reads on hot paths (the token check, what `/me` shows), cached when `CACHE=on` with PostgreSQL: a value
   * there is at most the invalidation delay old on other instances, never on this one. Writes and every
   * other read go through the plain ports.
   */
  cachedLoginSessions: LoginSessionRepository;
  cachedUsers: UserRepository;
  cachedWorkspaces: WorkspaceRepository;
  /** Ingest's lookups (trigger by webhook path with its secrets unsealed, its mission), cached the same way. */
  cachedTriggers: TriggerRepository;
  cachedMissions: MissionRepository;
  /** API keys by key id, for the check of a `pk_` credential. */
  cachedApiKeys: ApiKeyRepository;
  browserSessions: BrowserSessionRepository;
  auditLog: AuditLog;
  signingKeyStore: SigningKeyStore;
  missions: MissionRepository;
  runs: RunRepository;
  runEvents: RunEventRepository;
  /** Tells this process about appends to run event logs, whichever instance made them. */
  runEventNotifier: RunEventNotifier;
  schedules: ScheduleRepository;
  triggers: TriggerRepository;
  deliveries: DeliveryRepository;
  /** Where accepted webhook deliveries and their runs are stored (grouped into shared commits on PostgreSQL). */
  deliveryIntake: DeliveryIntake;
  webhookEndpoints: WebhookEndpointRepository;
  webhookMessages: WebhookMessageRepository;
}

/** Rate-limit counters on the store `RATE_LIMIT_STORE` names. */
export interface ThrottlingCradle {
  rateLimiterFactory: RateLimiterFactory;
}

/** Users, passwords, access and refresh tokens, login sessions, throttling. */
export interface IdentityCradle {
  sessionLifetimes: SessionLifetimes;
  secretBox: SecretBox;
  passwordHasher: PasswordHasher;
  commonPasswords: CommonPasswords;
  /** The access-token signing keys, cached: rotation and JWKS for the use cases, keys for the jose service. */
  signingKeys: SigningKeys & AccessTokenKeys;
  accessTokenKeys: AccessTokenKeys;
  accessTokens: AccessTokenService;
  refreshTokens: RefreshTokens;
  loginThrottle: LoginThrottle;
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

/** The web application: cookie sessions and server-rendered pages. */
export interface BrowserSurfaceCradle {
  browserSessionLifetimes: BrowserSessionLifetimes;
  cookieSettings: CookieSettings;
  publicOrigin: string;
  sessionTokens: SessionTokens;
  resolveBrowserSession: ResolveBrowserSession;
  signIn: SignIn;
  signOut: SignOut;
  getHome: GetHome;
  revokeOwnSession: RevokeOwnSession;
  changePassword: ChangePassword;
  webSurface: Koa.Middleware;
}

/** Workspaces and members, missions, runs and the worker protocol. */
export interface WorkspacesMissionsRunsCradle {
  workspaceAccess: WorkspaceAccess;
  listWorkspaces: ListWorkspaces;
  createWorkspace: CreateWorkspace;
  getWorkspace: GetWorkspace;
  renameWorkspace: RenameWorkspace;
  deleteWorkspace: DeleteWorkspace;
  listMembers: ListMembers;
  inviteMember: InviteMember;
  listInvitations: ListInvitations;
  revokeInvitation: RevokeInvitation;
  listReceivedInvitations: ListReceivedInvitations;
  acceptInvitation: AcceptInvitation;
  declineInvitation: DeclineInvitation;
  changeMemberRole: ChangeMemberRole;
  removeMember: RemoveMember;
  createMission: CreateMission;
  listMissions: ListMissions;
  getMission: GetMission;
  updateMission: UpdateMission;
  deleteMission: DeleteMission;
  runSettings: RunSettings;
  runTransitions: RunTransitions;
  startRun: StartRun;
  listRuns: ListRuns;
  getRun: GetRun;
  cancelRun: CancelRun;
  claimRun: ClaimRun;
  claimRuns: ClaimRuns;
  heartbeatRun: HeartbeatRun;
  completeRun: CompleteRun;
  expireRunLeases: ExpireRunLeases;
  runLeaseSweeper: RunLeaseSweeper;
  appendRunEvents: AppendRunEvents;
  listRunEvents: ListRunEvents;
  runEventFeed: RunEventFeed;
  followRunEvents: FollowRunEvents;
  cronCalendar: CronCalendar;
  createSchedule: CreateSchedule;
  listSchedules: ListSchedules;
  getSchedule: GetSchedule;
  updateSchedule: UpdateSchedule;
  deleteSchedule: DeleteSchedule;
  fireDueSchedules: FireDueSchedules;
  scheduleDispatcher: ScheduleDispatcher;
}

/** Webhook triggers, signed ingest, the delivery log and its retention. */
export interface WebhookTriggersCradle {
  webhookSecretBox: SecretBox;
  webhookSecrets: WebhookSecretGenerator;
  signatureVerifiers: SignatureVerifiers;
  webhookRateLimiter: RateLimiter;
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
}

/** Outbound webhooks: endpoints, the outbox of run outcomes and its dispatcher. */
export interface OutboundWebhooksCradle {
  outboundWebhookSettings: OutboundWebhookSettings;
  webhookSender: WebhookSender;
  webhookPayloads: WebhookPayloads;
  recordRunOutcome: RecordRunOutcome;
  dispatchWebhookMessages: DispatchWebhookMessages;
  webhookDispatcher: WebhookDispatcher;
  createWebhookEndpoint: CreateWebhookEndpoint;
  listWebhookEndpoints: ListWebhookEndpoints;
  getWebhookEndpoint: GetWebhookEndpoint;
  updateWebhookEndpoint: UpdateWebhookEndpoint;
  deleteWebhookEndpoint: DeleteWebhookEndpoint;
  rotateWebhookEndpointSecret: RotateWebhookEndpointSecret;
  listWebhookMessages: ListWebhookMessages;
  resendWebhookMessage: ResendWebhookMessage;
}

/** Workspace API keys: the credentials of machines, and the authentication of `pk_` bearer credentials. */
export interface ApiKeysCradle {
  apiKeySecrets: ApiKeySecrets;
  authenticateApiKey: AuthenticateApiKey;
  issueApiKey: IssueApiKey;
  createApiKey: CreateApiKey;
  listApiKeys: ListApiKeys;
  revokeApiKey: RevokeApiKey;
}

/** The driving HTTP adapter: every declared route and the Koa app serving them and the web pages. */
export interface HttpCradle {
  routes: RouteSpec[];
  httpApp: Koa;
}

export interface Cradle
  extends CoreCradle,
    PersistenceCradle,
    ThrottlingCradle,
    IdentityCradle,
    ApiKeysCradle,
    BrowserSurfaceCradle,
    WorkspacesMissionsRunsCradle,
    WebhookTriggersCradle,
    OutboundWebhooksCradle,
    HttpCradle {}
