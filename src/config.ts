import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { parseSsoProviders, type SsoProviderSettings } from './adapters/identity/sso/provider-settings.ts';
import { DEFAULT_QUOTAS, type Quotas } from './domain/kernel/quotas.ts';
import type { RetentionDays } from './domain/kernel/retention.ts';
import { DEFAULT_EMAIL_RETRY_SCHEDULE_SECONDS } from './domain/notifications/outgoing-email.ts';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from './domain/webhooks/webhook-message.ts';

/** Every setting the service reads, parsed and validated once at boot. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  /** Where state lives: PostgreSQL (default), or this process's memory (nothing survives a restart). */
  readonly persistence: 'postgres' | 'memory';
  readonly databaseUrl: string | undefined;
  /**
   * In-process caches of hot reads (verified access tokens; with PostgreSQL, sessions, users, memberships,
   * triggers and missions, invalidated through LISTEN/NOTIFY). `off` reads everything from the source.
   */
  readonly cache: 'on' | 'off';
  /** How long a query may wait on PostgreSQL (connecting, then each statement) before the answer is 503. */
  readonly databaseDeadlines: {
    readonly connectMs: number;
    readonly statementMs: number;
    /** What one HTTP request may wait on the database in all, across its queries. */
    readonly requestBudgetMs: number;
  };
  readonly dataDir: string;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly shutdownTimeoutMs: number;
  readonly trustedProxies: readonly string[];
  readonly maxJsonBodyBytes: number;
  /** 32 bytes (base64) from which every at-rest encryption and token key is derived; generated when unset. */
  readonly masterKey: string | undefined;
  readonly jwt: {
    readonly algorithm: 'EdDSA' | 'ES256' | 'HS256';
    readonly issuer: string;
    readonly audience: string;
  };
  readonly refresh: {
    readonly absoluteSeconds: number;
    readonly idleSeconds: number;
    readonly graceSeconds: number;
  };
  readonly passwordHasher: 'argon2id' | 'scrypt';
  readonly rateLimitStore: 'postgres' | 'redis' | 'memory';
  /** Per client address, per minute. */
  readonly apiRateLimit: number;
  readonly loginRateLimit: number;
  readonly refreshRateLimit: number;
  readonly redisUrl: string;
  readonly signupEnabled: boolean;
  /** Single sign-on: the OpenID Connect providers and GitHub (`OIDC_PROVIDERS`); empty when unset. */
  readonly ssoProviders: readonly SsoProviderSettings[];
  /** Worker leases and retries of runs. */
  readonly runs: {
    /** Attempts before a run whose lease expires fails instead of being queued again. */
    readonly maxAttempts: number;
    /** Lease granted by a claim or heartbeat that does not ask for one. */
    readonly defaultLeaseSeconds: number;
    /** How often the server takes back expired leases (0: only claims do). */
    readonly sweepIntervalSeconds: number;
    /** The comment line an idle event stream sends this often, so proxies keep it open. */
    readonly eventStreamHeartbeatSeconds: number;
  };
  /** What one workspace may hold (and one user create); CONTRACT section 14. */
  readonly quotas: Quotas;
  /** Bounds of event streams (every `/events/stream` route). */
  readonly eventStreams: {
    readonly perCaller: number;
    readonly perInstance: number;
    readonly maxLifetimeSeconds: number;
    readonly bufferBytes: number;
    readonly stallSeconds: number;
  };
  /** Cron schedules of missions. */
  readonly schedules: {
    /** How often each instance fires the schedules that are due (0: never). */
    readonly intervalSeconds: number;
  };
  readonly sandbox: {
    /** Worker threads running user JavaScript, one call each at a time. */
    readonly threads: number;
    /** Calls that may wait for a thread before more are refused with 503. */
    readonly maxQueued: number;
  };
  /** The blueprint engine every instance runs. */
  readonly blueprintEngine: {
    /** How often it looks for work without a nudge (0: this instance carries out no blueprint run). */
    readonly pollIntervalMs: number;
    /** Steps this instance carries out at once. */
    readonly concurrency: number;
  };
  /** Webhook ingest and the delivery log. */
  readonly webhooks: {
    /** Deliveries per trigger (per webhook path) per minute; 429 with Retry-After beyond. */
    readonly rateLimitPerMinute: number;
    /** The most deliveries one ingest transaction commits together (group commit; 1: one per transaction). */
    readonly intakeBatchMax: number;
    /**
     * How often an instance adds the deliveries it counted to the shared rate-limit store, in milliseconds
     * (0: every delivery is counted in the store before it is answered).
     */
    readonly rateLimitSyncMs: number;
  };
  /** Outbound webhooks (CONTRACT section 8). */
  readonly outboundWebhooks: {
    /** Send to loopback, private, link-local and metadata addresses too: for local testing only. */
    readonly allowPrivate: boolean;
    /** Waits before each retry after a failed attempt (tests shorten them here, and only here). */
    readonly retryScheduleSeconds: readonly number[];
    /** How often the dispatcher looks for due messages (0: never, this instance only stores them). */
    readonly pollIntervalMs: number;
    /** Attempts in flight on one instance, in all, per endpoint and per workspace. */
    readonly concurrency: number;
    readonly perEndpoint: number;
    readonly perWorkspace: number;
    /** Failed attempts in a row that disable an endpoint (`failing`). */
    readonly disableAfterFailures: number;
  };
  /** E-mail delivery (verification, password reset): how it leaves, from whom, how it is retried. */
  readonly email: {
    /** `log`: into the server log (links included); `smtp`: through SMTP_URL; `memory`: kept for tests. */
    readonly transport: 'log' | 'smtp' | 'memory';
    readonly smtpUrl: string | undefined;
    /** A PEM file of the CA a private relay's certificate is checked against (besides the system's). */
    readonly smtpCaFile: string | undefined;
    readonly from: string;
    readonly retryScheduleSeconds: readonly number[];
    /** How often the dispatcher looks for e-mails to send (0: never, this instance only stores them). */
    readonly pollIntervalMs: number;
  };
  /** Mark browser cookies Secure even on plain-HTTP requests (TLS ends at a proxy); default: PUBLIC_URL is https. */
  readonly cookieSecure: boolean;
  /** Lifetimes of a web application (browser) session. */
  readonly browserSession: {
    readonly idleSeconds: number;
    readonly absoluteSeconds: number;
  };
  /** Files (CONTRACT section 11): where their bytes live and how many a file and a workspace may hold. */
  readonly files: {
    readonly storage: 'postgres' | 'filesystem' | 's3' | 'memory';
    /** With FILE_STORAGE=s3: any S3-compatible store. */
    readonly s3:
      | {
          readonly endpoint: string | undefined;
          readonly bucket: string;
          readonly region: string;
          readonly accessKeyId: string | undefined;
          readonly secretAccessKey: string | undefined;
        }
      | undefined;
    readonly maxBytes: number;
    readonly workspaceQuotaBytes: number;
    /** How often expired unfinished uploads are deleted (0: never, on this instance). */
    readonly uploadSweepIntervalSeconds: number;
    /** How often orphaned bytes are deleted (0: never, on this instance). */
    readonly orphanSweepIntervalSeconds: number;
    /** How often an instance looks for exports to make (0: never, on this instance). */
    readonly exportPollIntervalSeconds: number;
  };
  /** Model providers (CONTRACT section 10): where their calls may go and how long they may take. */
  readonly models: {
    /** Reach providers on loopback and private networks (a local Ollama or vLLM). */
    readonly allowPrivate: boolean;
    /** A model call fails when no answer starts, or its stream pauses, for this long. */
    readonly timeoutMs: number;
    readonly maxRetries: number;
  };
  /** Prometheus metrics on a listener of their own; off unless `port` is set. */
  readonly metrics: {
    readonly port: number | undefined;
    readonly host: string;
    /** A scrape must send it as a bearer token when set. */
    readonly token: string | undefined;
  };
  /** OpenTelemetry traces, exported over OTLP/HTTP; off (no SDK started) unless `endpoint` is set. */
  readonly tracing: {
    readonly endpoint: string | undefined;
    /** `name=value` pairs sent with every export (a collector's credentials). */
    readonly headers: Readonly<Record<string, string>>;
    readonly serviceName: string;
    /** The share of the traces starting here that are recorded (0 to 1). */
    readonly sampleRatio: number;
  };
  /** How long finished rows are kept, per table, and how the periodic purge goes. */
  readonly retention: {
    /** The instance's defaults; a workspace may set its own for all but sessions. */
    readonly days: RetentionDays;
    /** How often each instance purges (0: never on this instance). */
    readonly intervalSeconds: number;
    /** Rows per statement (each its own short transaction). */
    readonly batchSize: number;
  };
  readonly bootstrapAdmin:
    | { readonly username: string; readonly email: string; readonly password: string }
    | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Never echoed in an error message. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'MASTER_KEY',
  'BOOTSTRAP_ADMIN_PASSWORD',
  'REDIS_URL',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
  'METRICS_TOKEN',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OIDC_PROVIDERS',
]);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const schema = {
  type: 'object',
  properties: {
    PORT: {
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      default: 8080,
      description: 'TCP port (0 picks a free one)',
    },
    HOST: { type: 'string', minLength: 1, default: '127.0.0.1', description: 'listen address' },
    PUBLIC_URL: {
      type: 'string',
      pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$',
      description: "the service's own origin, used in links and the OpenAPI `servers`",
      defaultText: '`http://HOST:PORT`',
    },
    PERSISTENCE: {
      enum: ['postgres', 'memory'],
      default: 'postgres',
      description:
        "`postgres`, or `memory`: everything in this process only, lost at exit (see the README's Architecture)",
    },
    DATABASE_URL: {
      type: 'string',
      pattern: '^postgres(ql)?://\\S+$',
      description: '`postgres://...`; unset means the embedded PostgreSQL in `DATA_DIR`',
      defaultText: 'unset',
    },
    CACHE: {
      enum: ['on', 'off'],
      default: 'on',
      description:
        '`off` reads everything from the store. `on`: verified access tokens are cached in memory (signature checked once, expiry and signing key on every use); with PostgreSQL also login sessions, users, memberships, API keys, triggers and missions, invalidated on this instance at once and on others through `LISTEN/NOTIFY` (the cache is bypassed while that connection is down)',
    },
    DATABASE_CONNECT_TIMEOUT_MS: {
      type: 'integer',
      minimum: 100,
      maximum: 60000,
      default: 1500,
      description:
        'longest wait to open a PostgreSQL connection or get a free one from the pool; then 503 with `Retry-After`',
    },
    DATABASE_STATEMENT_TIMEOUT_MS: {
      type: 'integer',
      minimum: 100,
      maximum: 600000,
      default: 1500,
      description:
        'longest statement: PostgreSQL cancels it (`statement_timeout`), and a connection that stays silent 250 ms longer (a network dropping packets) is dropped; then 503 with `Retry-After`. Migrations run without it',
    },
    DATABASE_REQUEST_BUDGET_MS: {
      type: 'integer',
      minimum: 100,
      maximum: 600000,
      default: 1500,
      description:
        "what one HTTP request may wait on PostgreSQL in all, across its queries and its waits for a connection (time on the CPU, such as the password hash queue, does not count): past it, its next query fails at once and the request answers 503 with `Retry-After`, so a request meeting a silent network several times still answers within about 2 s. Background jobs and an event stream's later reads keep the per-statement deadline only",
    },
    DATA_DIR: {
      type: 'string',
      minLength: 1,
      default: './.data',
      description: 'embedded database and generated local keys',
    },
    LOG_LEVEL: {
      enum: LOG_LEVELS,
      default: 'info',
      description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
    },
    SHUTDOWN_TIMEOUT_MS: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      default: 10000,
      description:
        'the longest a shutdown takes after SIGTERM: in-flight requests get half of it, and when the whole has passed the process exits (code 1) whatever still hangs',
    },
    TRUSTED_PROXIES: {
      type: 'string',
      default: '',
      description:
        'comma-separated proxy IPs or CIDR ranges whose `X-Forwarded-For` is believed; otherwise the socket address is the client',
      defaultText: 'empty',
    },
    MAX_JSON_BODY_BYTES: {
      type: 'integer',
      minimum: 1024,
      maximum: 16777216,
      default: 102400,
      description: 'size limit of JSON request bodies (413 above it)',
    },
    MASTER_KEY: {
      type: 'string',
      pattern: '^[A-Za-z0-9+/_-]{43}=?$',
      description:
        '32 bytes, base64: every at-rest encryption key (signing keys, webhook secrets) and the refresh-token MAC key are derived from it (HKDF). Unset: generated once into `DATA_DIR/master.key` (mode 0600). Set it in production, the same on every instance',
      defaultText: 'generated',
    },
    JWT_ALGORITHM: {
      enum: ['EdDSA', 'ES256', 'HS256'],
      default: 'EdDSA',
      description: 'access-token algorithm: `EdDSA` (Ed25519), `ES256` or `HS256`',
    },
    JWT_ISSUER: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: '`iss` of access tokens (verification pins it)',
      defaultText: '`PUBLIC_URL`',
    },
    JWT_AUDIENCE: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      default: 'platform-api',
      description: '`aud` of access tokens (verification pins it)',
    },
    REFRESH_TOKEN_TTL_SECONDS: {
      type: 'integer',
      minimum: 901,
      maximum: 31536000,
      default: 2592000,
      description: 'absolute lifetime of a login session (30 days)',
    },
    REFRESH_IDLE_TTL_SECONDS: {
      type: 'integer',
      minimum: 901,
      maximum: 31536000,
      default: 604800,
      description: 'a login session not refreshed for this long ends (7 days)',
    },
    REFRESH_GRACE_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 300,
      default: 10,
      description: 'how long a just-rotated refresh token still yields the same successor',
    },
    PASSWORD_HASHER: {
      enum: ['argon2id', 'scrypt'],
      default: 'argon2id',
      description:
        "`argon2id` (m=19456 KiB, t=2, p=1) or `scrypt` (N=2^17, r=8, p=1); each verifies the other's hashes and re-hashes at the next login",
    },
    // Default: `postgres` with PERSISTENCE=postgres, `memory` with PERSISTENCE=memory.
    RATE_LIMIT_STORE: {
      enum: ['postgres', 'redis', 'memory'],
      description:
        '`postgres` (shared by instances), `redis` or `memory`; a failing store falls back to per-process memory',
      defaultText: '`postgres` (`memory` with `PERSISTENCE=memory`)',
    },
    API_RATE_LIMIT_PER_MINUTE: {
      type: 'integer',
      minimum: 1,
      maximum: 10000000,
      default: 1200,
      description:
        'every `/api/*` request per client address per minute, per instance, announced in `RateLimit-Policy`/`RateLimit` headers (429 with `Retry-After` beyond)',
    },
    LOGIN_RATE_LIMIT_PER_MINUTE: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000,
      default: 20,
      description: 'login attempts per client address per minute (429 with `Retry-After` beyond)',
    },
    REFRESH_RATE_LIMIT_PER_MINUTE: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000,
      default: 60,
      description: 'refreshes per client address per minute',
    },
    REDIS_URL: {
      type: 'string',
      pattern: '^rediss?://\\S+$',
      default: 'redis://127.0.0.1:6379',
      description: 'used when `RATE_LIMIT_STORE=redis`',
    },
    SIGNUP_ENABLED: {
      type: 'boolean',
      default: false,
      description: '`true` publishes `POST /api/auth/register`',
    },
    OIDC_PROVIDERS: {
      type: 'string',
      description:
        'single sign-on providers, a JSON array: `{"id", "name", "issuer", "client_id", "client_secret", "scopes", "signup"}` for OpenID Connect, `{"id", "preset": "github", "client_id", "client_secret"}` for GitHub (`web_url`/`api_url` for GitHub Enterprise). Each gets a button on the sign-in page; register `PUBLIC_URL/auth/sso/{id}/callback` at the provider. `signup` (default `SIGNUP_ENABLED`) lets a person without an account get one. See the README\'s Single sign-on',
      defaultText: 'unset (none)',
    },
    RUN_MAX_ATTEMPTS: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 3,
      description: 'attempts before a run whose worker lease expires fails instead of being queued again',
    },
    RUN_LEASE_SECONDS: {
      type: 'integer',
      minimum: 5,
      maximum: 3600,
      default: 60,
      description: 'the lease a claim or heartbeat grants when it asks for none',
    },
    RUN_SWEEP_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 3600,
      default: 15,
      description: 'how often each instance takes back expired worker leases (`0`: only claims do)',
    },
    RUN_EVENT_STREAM_HEARTBEAT_SECONDS: {
      type: 'integer',
      minimum: 1,
      maximum: 300,
      default: 15,
      description: 'an idle run event stream sends a comment line this often, so proxies keep it open',
    },
    SCHEDULE_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 60,
      default: 5,
      description: 'how often each instance fires the cron schedules that are due (`0`: never)',
    },
    WEBHOOK_RATE_LIMIT_PER_MINUTE: {
      type: 'integer',
      minimum: 1,
      maximum: 10000000,
      default: 600,
      description:
        'deliveries per webhook path per minute, counted in `RATE_LIMIT_STORE` (429 with `Retry-After` beyond; unknown paths have a budget too)',
    },
    WEBHOOK_INTAKE_BATCH_MAX: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 128,
      description:
        'group commit: the deliveries that arrive while an ingest transaction is committing are stored together in the next one, at most this many (`1`: one transaction per delivery); each is answered 202 only once its own transaction committed',
    },
    WEBHOOK_RATE_LIMIT_SYNC_MS: {
      type: 'integer',
      minimum: 0,
      maximum: 10000,
      default: 200,
      description:
        "on a shared `RATE_LIMIT_STORE` (`postgres`, `redis`), each instance counts webhook deliveries in memory and adds its counts to the store this often, learning the deployment's totals; `0` counts each delivery in the store before answering it. Default on: the per-delivery store write (on PostgreSQL an upsert and a commit) cost more than the delivery's own commit, and the budget is a fairness limit, not a security boundary. An instance alone never admits past the budget; N instances may over-admit by what the others admitted since their last sync (at most (N-1) x one interval's traffic on a path, never more than (N-1) x the budget)",
    },
    OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: {
      type: 'boolean',
      default: false,
      description:
        '`true` lets outbound webhooks reach loopback, private, link-local and metadata addresses: **for local testing only**',
    },
    QUOTA_MISSIONS: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: DEFAULT_QUOTAS.missions,
      description: 'missions one workspace may hold; 409 `quota_exceeded` beyond',
    },
    QUOTA_SCHEDULES: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: DEFAULT_QUOTAS.schedules,
      description: 'schedules one workspace may hold; 409 `quota_exceeded` beyond',
    },
    QUOTA_TRIGGERS: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: DEFAULT_QUOTAS.triggers,
      description: 'live triggers one workspace may hold; 409 `quota_exceeded` beyond',
    },
    QUOTA_WEBHOOK_ENDPOINTS: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: DEFAULT_QUOTAS.webhook_endpoints,
      description: 'outbound webhook endpoints one workspace may hold; 409 `quota_exceeded` beyond',
    },
    QUOTA_API_KEYS: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: DEFAULT_QUOTAS.api_keys,
      description: 'API keys not revoked one workspace may hold; 409 `quota_exceeded` beyond',
    },
    QUOTA_WORKSPACES_PER_USER: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: DEFAULT_QUOTAS.workspaces,
      description: 'shared workspaces one person may own',
    },
    QUOTA_QUEUED_RUNS_PER_MISSION: {
      type: 'integer',
      minimum: 1,
      maximum: 100000000,
      default: DEFAULT_QUOTAS.queued_runs,
      description:
        'queued runs per mission: starting one answers 409 `quota_exceeded` beyond, and schedules skip their fire',
    },
    EVENT_STREAMS_PER_CALLER: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 20,
      description:
        'open event streams per caller (a person across their sessions, or an API key); 429 with `Retry-After` beyond',
    },
    EVENT_STREAMS_PER_INSTANCE: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000,
      default: 2000,
      description: 'open event streams per instance; 429 with `Retry-After` beyond',
    },
    EVENT_STREAM_MAX_SECONDS: {
      type: 'integer',
      minimum: 1,
      maximum: 86400,
      default: 3600,
      description:
        'the longest an event stream stays open (the client reconnects with `Last-Event-ID`); a stream opened with an access token also ends at its `exp`',
    },
    EVENT_STREAM_BUFFER_BYTES: {
      type: 'integer',
      minimum: 65536,
      maximum: 67108864,
      default: 1048576,
      description:
        'what a stream may hold for a client that does not read; past it the connection is destroyed',
    },
    EVENT_STREAM_STALL_SECONDS: {
      type: 'integer',
      minimum: 1,
      maximum: 3600,
      default: 60,
      description: 'a stream whose client has taken nothing for this long is destroyed',
    },
    SANDBOX_THREADS: {
      type: 'integer',
      minimum: 1,
      maximum: 64,
      default: 2,
      description: 'worker threads running sandboxed code (QuickJS) and expressions',
    },
    SANDBOX_MAX_QUEUED: {
      type: 'integer',
      minimum: 0,
      maximum: 100000,
      default: 256,
      description: 'sandbox calls waiting for a thread; 503 with `Retry-After` beyond',
    },
    BLUEPRINT_ENGINE_POLL_INTERVAL_MS: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      default: 200,
      description:
        "how often an instance's blueprint engine looks for due steps without a nudge (`0`: this instance carries out no blueprint run)",
    },
    BLUEPRINT_ENGINE_CONCURRENCY: {
      type: 'integer',
      minimum: 1,
      maximum: 1024,
      default: 32,
      description: 'blueprint steps an instance carries out at once',
    },
    OUTBOUND_WEBHOOK_RETRY_SCHEDULE: {
      type: 'string',
      pattern: '^\\d{1,6}(,\\d{1,6}){0,19}$',
      default: DEFAULT_RETRY_SCHEDULE_SECONDS.join(','),
      description:
        'seconds to wait before each retry of a failed outbound message (then `failed`); tests shorten it here',
      defaultText: '`5,300,1800,7200,18000,36000,36000`',
    },
    OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      default: 1000,
      description:
        "how often an instance's dispatcher looks for due outbound messages (`0`: this instance only stores them)",
    },
    COOKIE_SECURE: {
      type: 'boolean',
      description:
        'web application cookies are `Secure` (and named `__Host-\u2026`) on HTTPS requests anyway; `true` makes them so on plain-HTTP requests too, for TLS ended at a proxy',
      defaultText: '`true` if `PUBLIC_URL` is `https://`, else `false`',
    },
    BROWSER_SESSION_IDLE_SECONDS: {
      type: 'integer',
      minimum: 60,
      maximum: 31536000,
      default: 28800,
      description: 'a web application session without any request for this long ends (8 hours)',
    },
    BROWSER_SESSION_ABSOLUTE_SECONDS: {
      type: 'integer',
      minimum: 60,
      maximum: 31536000,
      default: 604800,
      description:
        'a web application session ends this long after sign-in however active (7 days); at least the idle lifetime',
    },
    EMAIL_TRANSPORT: {
      enum: ['log', 'smtp', 'memory'],
      default: 'log',
      description:
        '`log` (into the server log, links included: for a local server), `smtp` or `memory` (tests)',
    },
    SMTP_URL: {
      type: 'string',
      pattern: '^smtps?://\\S+$',
      description:
        '`smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; required with `EMAIL_TRANSPORT=smtp`; never echoed',
    },
    SMTP_CA_FILE: {
      type: 'string',
      minLength: 1,
      description:
        "a PEM file of the CA a private relay's certificate is checked against (besides the system's)",
    },
    EMAIL_FROM: {
      type: 'string',
      minLength: 3,
      maxLength: 320,
      default: 'Platform <no-reply@localhost>',
      description: 'the sender of every e-mail',
    },
    EMAIL_RETRY_SCHEDULE: {
      type: 'string',
      pattern: '^\\d{1,6}(,\\d{1,6}){0,19}$',
      default: DEFAULT_EMAIL_RETRY_SCHEDULE_SECONDS.join(','),
      description:
        'seconds to wait before each retry of a refused send (then the e-mail is given up and erased)',
    },
    EMAIL_POLL_INTERVAL_MS: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      default: 1000,
      description:
        "how often an instance's e-mail dispatcher looks for due e-mails (`0`: this instance only queues them)",
    },
    OUTBOUND_WEBHOOK_CONCURRENCY: {
      type: 'integer',
      minimum: 1,
      maximum: 10000,
      default: 64,
      description: 'outbound attempts in flight on one instance; the next starts as soon as one ends',
    },
    OUTBOUND_WEBHOOK_PER_ENDPOINT: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 4,
      description: 'outbound attempts in flight on one instance per endpoint',
    },
    OUTBOUND_WEBHOOK_PER_WORKSPACE: {
      type: 'integer',
      minimum: 1,
      maximum: 10000,
      default: 16,
      description: 'outbound attempts in flight on one instance per workspace',
    },
    OUTBOUND_WEBHOOK_DISABLE_AFTER_FAILURES: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 100,
      description:
        'failed attempts in a row that disable an endpoint (`disabled_reason: "failing"`, audited `endpoint.disabled`)',
    },
    // Default: `postgres` with PERSISTENCE=postgres, `memory` with PERSISTENCE=memory.
    FILE_STORAGE: {
      enum: ['postgres', 'filesystem', 's3', 'memory'],
      description:
        "where files' bytes live: `postgres` (chunks in the database, shared by every instance), `filesystem` (`DATA_DIR/files`, one instance), `s3` (any S3-compatible store, shared) or `memory` (this process; it holds every file whole)",
      defaultText: '`postgres` (`memory` with `PERSISTENCE=memory`)',
    },
    S3_ENDPOINT: {
      type: 'string',
      pattern: '^https?://\\S+$',
      description: 'the endpoint of the S3-compatible store of `FILE_STORAGE=s3` (path-style addressing)',
    },
    S3_BUCKET: {
      type: 'string',
      minLength: 3,
      maxLength: 63,
      description: 'the bucket of `FILE_STORAGE=s3` (required with it)',
    },
    S3_REGION: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      default: 'us-east-1',
      description: 'the region of `FILE_STORAGE=s3`',
    },
    S3_ACCESS_KEY_ID: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      description: "the access key of `FILE_STORAGE=s3`; without keys the AWS SDK's own credential chain",
    },
    S3_SECRET_ACCESS_KEY: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      description: 'the secret key of `FILE_STORAGE=s3`',
    },
    FILE_MAX_BYTES: {
      type: 'integer',
      minimum: 1,
      maximum: 1099511627776,
      default: 104857600,
      description:
        'the largest file (100 MiB); a larger upload is refused with 413 as soon as it passes the limit',
    },
    WORKSPACE_STORAGE_QUOTA_BYTES: {
      type: 'integer',
      minimum: 0,
      maximum: 1125899906842624,
      default: 10737418240,
      description: "what a workspace's files may hold in all (10 GiB); past it 413 `storage_quota_exceeded`",
    },
    FILE_UPLOAD_SWEEP_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 86400,
      default: 600,
      description:
        'how often an instance deletes resumable uploads left unfinished for 24 h (`0`: never on this instance)',
    },
    FILE_ORPHAN_SWEEP_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 604800,
      default: 3600,
      description:
        "how often an instance deletes stored bytes no file or unfinished upload names any more (a deleted workspace's files, an interrupted export), once unwritten for an hour (`0`: never on this instance)",
    },
    EXPORT_POLL_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 3600,
      default: 5,
      description:
        'how often an instance looks for queued exports (and exports whose instance stopped mid-way) to make; an instance starts the exports it queues at once (`0`: this instance makes none)',
    },
    MODEL_PROVIDERS_ALLOW_PRIVATE: {
      type: 'boolean',
      default: false,
      description:
        "`true` lets model providers' `base_url` reach loopback, private, link-local and metadata addresses (a model served on localhost or the local network: Ollama, vLLM, LM Studio, llama.cpp); otherwise they follow the address rules of outbound webhooks",
    },
    MODEL_PROVIDER_TIMEOUT_MS: {
      type: 'integer',
      minimum: 1000,
      maximum: 3600000,
      default: 120000,
      description:
        'a model call fails with `provider_error` when the provider has not started answering, or its streamed answer pauses, for this long',
    },
    MODEL_PROVIDER_MAX_RETRIES: {
      type: 'integer',
      minimum: 0,
      maximum: 10,
      default: 2,
      description:
        "retries of a model call answered 408, 409, 429 or 5xx, or whose connection failed, before it fails with `provider_error` (with the SDKs' backoff, honouring `retry-after`)",
    },
    METRICS_PORT: {
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      description:
        'serve Prometheus metrics at `GET /metrics`, and the health detail at `GET /health`, on this port, a listener of its own for operators (never the public port); `0` picks a free one. Unset: no listener, and nothing is counted',
      defaultText: 'unset (off)',
    },
    METRICS_HOST: {
      type: 'string',
      minLength: 1,
      default: '127.0.0.1',
      description:
        "the metrics listener's address; set `0.0.0.0` (or a private interface) only where a firewall keeps it inside",
    },
    METRICS_TOKEN: {
      type: 'string',
      minLength: 16,
      maxLength: 1024,
      pattern: '^\\S+$',
      description:
        'when set (16+ characters), a scrape (and a health detail request) must send `Authorization: Bearer <token>` (401 otherwise)',
      defaultText: 'unset',
    },
    OTEL_EXPORTER_OTLP_ENDPOINT: {
      type: 'string',
      pattern: '^https?://[^\\s?#]+$',
      description:
        'the OTLP/HTTP collector traces are sent to (`/v1/traces` is appended): spans of HTTP requests (named by route template), PostgreSQL statements and the hot use cases, and a `traceparent` stored with each run for its worker. Unset: no tracing SDK is started',
      defaultText: 'unset (off)',
    },
    OTEL_EXPORTER_OTLP_HEADERS: {
      type: 'string',
      pattern: '^[^=,\\s]+=[^,]*(,[^=,\\s]+=[^,]*)*$',
      description: "comma-separated `name=value` headers sent with each export (a collector's credentials)",
      defaultText: 'unset',
    },
    OTEL_SERVICE_NAME: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      default: 'platform-api',
      description: 'the `service.name` of the exported spans',
    },
    OTEL_TRACES_SAMPLER_ARG: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      default: 1,
      description:
        'the share (0 to 1) of the traces starting at this server that are recorded and exported; a request carrying a `traceparent` follows its sampled flag. Recorded spans cost CPU (made, then exported as JSON): on a loaded 2-core machine `/healthz` took about 227 instead of 76 µs of CPU per request (`node scripts/bench-tracing.ts`); lower the share under heavy load',
    },
    RETENTION_SESSIONS_DAYS: {
      type: 'integer',
      minimum: 1,
      maximum: 3650,
      default: 30,
      description:
        'login and browser sessions are deleted this many days after they ended (revoked or expired); a session in use never is',
    },
    RETENTION_IDEMPOTENCY_KEYS_DAYS: {
      type: 'integer',
      minimum: 1,
      maximum: 3650,
      default: 7,
      description:
        "webhook deliveries' idempotency keys are forgotten this many days after receipt (at least 1: they answer duplicates for 24 h); a workspace may set its own",
    },
    RETENTION_DELIVERY_BODIES_DAYS: {
      type: 'integer',
      minimum: 1,
      maximum: 3650,
      default: 30,
      description:
        'raw webhook bodies are dropped, and the log entries of duplicate and rejected deliveries deleted, this many days after receipt; a workspace may set its own',
    },
    RETENTION_RUNS_DAYS: {
      type: 'integer',
      minimum: 0,
      maximum: 3650,
      default: 90,
      description:
        'finished runs (succeeded, failed, cancelled) are deleted with their events this many days after they finished; a queued or running run never is (`0`: kept); a workspace may set its own',
    },
    RETENTION_FILES_DAYS: {
      type: 'integer',
      minimum: 0,
      maximum: 3650,
      default: 0,
      description:
        'files are deleted with their bytes this many days after upload (`0`: kept); a workspace may set its own',
    },
    RETENTION_AUDIT_DAYS: {
      type: 'integer',
      minimum: 365,
      maximum: 3650,
      default: 365,
      description:
        'audit events are deleted this many days after they happened (at least 365); a workspace may set its own',
    },
    RETENTION_INTERVAL_SECONDS: {
      type: 'integer',
      minimum: 0,
      maximum: 86400,
      default: 3600,
      description:
        'how often an instance applies retention (`0`: never on this instance); instances running it at once split the rows, and each records `retention.purged` in the audit log',
    },
    RETENTION_BATCH_SIZE: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 1000,
      description:
        'rows retention deletes per statement, each its own short transaction, so no lock is held long',
    },
    BOOTSTRAP_ADMIN_USERNAME: {
      type: 'string',
      minLength: 3,
      maxLength: 64,
      description:
        'the username of an administrator created at start when missing (`BOOTSTRAP_ADMIN_EMAIL` and `_PASSWORD` must be set too)',
      defaultText: 'unset',
    },
    BOOTSTRAP_ADMIN_EMAIL: {
      type: 'string',
      minLength: 3,
      maxLength: 254,
      description: 'the e-mail of that bootstrap administrator',
      defaultText: 'unset',
    },
    BOOTSTRAP_ADMIN_PASSWORD: {
      type: 'string',
      minLength: 8,
      maxLength: 1024,
      description: 'the initial password of that bootstrap administrator (8 to 1024 characters)',
      defaultText: 'unset',
    },
  },
  dependencies: {
    BOOTSTRAP_ADMIN_USERNAME: ['BOOTSTRAP_ADMIN_EMAIL', 'BOOTSTRAP_ADMIN_PASSWORD'],
    BOOTSTRAP_ADMIN_EMAIL: ['BOOTSTRAP_ADMIN_USERNAME', 'BOOTSTRAP_ADMIN_PASSWORD'],
    BOOTSTRAP_ADMIN_PASSWORD: ['BOOTSTRAP_ADMIN_USERNAME', 'BOOTSTRAP_ADMIN_EMAIL'],
  },
} as const;

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: false });
// The default as docs/OPERATIONS.md shows it, where the schema's own `default` cannot say it (derived or unset).
ajv.addKeyword({ keyword: 'defaultText', schemaType: 'string' });
const validate = ajv.compile(schema);

/** One variable as docs/OPERATIONS.md lists it: its name, its default as shown there, and its meaning. */
export interface ConfigVariable {
  readonly name: string;
  readonly default: string;
  readonly meaning: string;
  /** Never echoed in an error message. */
  readonly secret: boolean;
}

/** Every variable the service reads, in the schema's order, with what the schema says of it. */
export function configVariables(): ConfigVariable[] {
  return Object.entries(schema.properties).map(([name, property]) => {
    const described = property as { default?: unknown; defaultText?: string; description: string };
    return {
      name,
      default:
        described.defaultText ??
        (described.default === undefined ? 'unset' : `\`${String(described.default)}\``),
      meaning: described.description,
      secret: SECRET_VARIABLES.has(name),
    };
  });
}

/**
 * Reads the configuration from `env` (by default `process.env`, after loading `./.env` when present).
 * Throws a ConfigError whose message is one line naming the variable and what is wrong with it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = readProcessEnv()): Config {
  const known = Object.keys(schema.properties);
  const input: Record<string, unknown> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  if (!validate(input)) {
    const error = validate.errors?.[0];
    const variable = error?.instancePath.replace(/^\//, '') || 'environment';
    const shown = variable in input && !SECRET_VARIABLES.has(variable);
    const value = shown ? ` (got ${JSON.stringify(input[variable])})` : '';
    throw new ConfigError(`invalid configuration: ${variable} ${error?.message ?? 'is invalid'}${value}`);
  }
  const port = input.PORT as number;
  const host = input.HOST as string;
  if ((input.BROWSER_SESSION_ABSOLUTE_SECONDS as number) < (input.BROWSER_SESSION_IDLE_SECONDS as number)) {
    throw new ConfigError(
      'invalid configuration: BROWSER_SESSION_ABSOLUTE_SECONDS must be at least BROWSER_SESSION_IDLE_SECONDS',
    );
  }
  const persistence = input.PERSISTENCE as Config['persistence'];
  const rateLimitStore = (input.RATE_LIMIT_STORE ?? persistence) as Config['rateLimitStore'];
  if (rateLimitStore === 'postgres' && persistence === 'memory') {
    throw new ConfigError('invalid configuration: RATE_LIMIT_STORE=postgres needs PERSISTENCE=postgres');
  }
  const fileStorage = (input.FILE_STORAGE ?? persistence) as Config['files']['storage'];
  if (fileStorage === 'postgres' && persistence === 'memory') {
    throw new ConfigError('invalid configuration: FILE_STORAGE=postgres needs PERSISTENCE=postgres');
  }
  if (fileStorage === 's3' && !input.S3_BUCKET) {
    throw new ConfigError('invalid configuration: FILE_STORAGE=s3 needs S3_BUCKET');
  }
  if (input.EMAIL_TRANSPORT === 'smtp' && !input.SMTP_URL) {
    throw new ConfigError('invalid configuration: EMAIL_TRANSPORT=smtp needs SMTP_URL');
  }
  let ssoProviders: SsoProviderSettings[];
  try {
    ssoProviders = parseSsoProviders(
      input.OIDC_PROVIDERS as string | undefined,
      input.SIGNUP_ENABLED as boolean,
    );
  } catch (error) {
    throw new ConfigError(
      `invalid configuration: OIDC_PROVIDERS${(error as Error).message.startsWith('[') ? '' : ' '}${(error as Error).message}`,
    );
  }
  const publicUrl = (
    (input.PUBLIC_URL as string | undefined) ?? `http://${hostForUrl(host)}:${port}`
  ).replace(/\/$/, '');
  return {
    port,
    host,
    publicUrl,
    persistence,
    databaseUrl: input.DATABASE_URL as string | undefined,
    cache: input.CACHE as Config['cache'],
    databaseDeadlines: {
      connectMs: input.DATABASE_CONNECT_TIMEOUT_MS as number,
      statementMs: input.DATABASE_STATEMENT_TIMEOUT_MS as number,
      requestBudgetMs: input.DATABASE_REQUEST_BUDGET_MS as number,
    },
    dataDir: absolute(input.DATA_DIR as string),
    logLevel: input.LOG_LEVEL as Config['logLevel'],
    shutdownTimeoutMs: input.SHUTDOWN_TIMEOUT_MS as number,
    trustedProxies: (input.TRUSTED_PROXIES as string)
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    maxJsonBodyBytes: input.MAX_JSON_BODY_BYTES as number,
    masterKey: input.MASTER_KEY as string | undefined,
    jwt: {
      algorithm: input.JWT_ALGORITHM as Config['jwt']['algorithm'],
      issuer: (input.JWT_ISSUER as string | undefined) ?? publicUrl,
      audience: input.JWT_AUDIENCE as string,
    },
    refresh: {
      absoluteSeconds: input.REFRESH_TOKEN_TTL_SECONDS as number,
      idleSeconds: input.REFRESH_IDLE_TTL_SECONDS as number,
      graceSeconds: input.REFRESH_GRACE_SECONDS as number,
    },
    passwordHasher: input.PASSWORD_HASHER as Config['passwordHasher'],
    rateLimitStore,
    redisUrl: input.REDIS_URL as string,
    apiRateLimit: input.API_RATE_LIMIT_PER_MINUTE as number,
    loginRateLimit: input.LOGIN_RATE_LIMIT_PER_MINUTE as number,
    refreshRateLimit: input.REFRESH_RATE_LIMIT_PER_MINUTE as number,
    signupEnabled: input.SIGNUP_ENABLED as boolean,
    ssoProviders,
    runs: {
      maxAttempts: input.RUN_MAX_ATTEMPTS as number,
      defaultLeaseSeconds: input.RUN_LEASE_SECONDS as number,
      sweepIntervalSeconds: input.RUN_SWEEP_INTERVAL_SECONDS as number,
      eventStreamHeartbeatSeconds: input.RUN_EVENT_STREAM_HEARTBEAT_SECONDS as number,
    },
    quotas: {
      missions: input.QUOTA_MISSIONS as number,
      schedules: input.QUOTA_SCHEDULES as number,
      triggers: input.QUOTA_TRIGGERS as number,
      webhook_endpoints: input.QUOTA_WEBHOOK_ENDPOINTS as number,
      api_keys: input.QUOTA_API_KEYS as number,
      workspaces: input.QUOTA_WORKSPACES_PER_USER as number,
      queued_runs: input.QUOTA_QUEUED_RUNS_PER_MISSION as number,
    },
    eventStreams: {
      perCaller: input.EVENT_STREAMS_PER_CALLER as number,
      perInstance: input.EVENT_STREAMS_PER_INSTANCE as number,
      maxLifetimeSeconds: input.EVENT_STREAM_MAX_SECONDS as number,
      bufferBytes: input.EVENT_STREAM_BUFFER_BYTES as number,
      stallSeconds: input.EVENT_STREAM_STALL_SECONDS as number,
    },
    schedules: { intervalSeconds: input.SCHEDULE_INTERVAL_SECONDS as number },
    sandbox: {
      threads: input.SANDBOX_THREADS as number,
      maxQueued: input.SANDBOX_MAX_QUEUED as number,
    },
    blueprintEngine: {
      pollIntervalMs: input.BLUEPRINT_ENGINE_POLL_INTERVAL_MS as number,
      concurrency: input.BLUEPRINT_ENGINE_CONCURRENCY as number,
    },
    webhooks: {
      rateLimitPerMinute: input.WEBHOOK_RATE_LIMIT_PER_MINUTE as number,
      intakeBatchMax: input.WEBHOOK_INTAKE_BATCH_MAX as number,
      rateLimitSyncMs: input.WEBHOOK_RATE_LIMIT_SYNC_MS as number,
    },
    outboundWebhooks: {
      allowPrivate: input.OUTBOUND_WEBHOOKS_ALLOW_PRIVATE as boolean,
      retryScheduleSeconds: (input.OUTBOUND_WEBHOOK_RETRY_SCHEDULE as string).split(',').map(Number),
      pollIntervalMs: input.OUTBOUND_WEBHOOK_POLL_INTERVAL_MS as number,
      concurrency: input.OUTBOUND_WEBHOOK_CONCURRENCY as number,
      perEndpoint: input.OUTBOUND_WEBHOOK_PER_ENDPOINT as number,
      perWorkspace: input.OUTBOUND_WEBHOOK_PER_WORKSPACE as number,
      disableAfterFailures: input.OUTBOUND_WEBHOOK_DISABLE_AFTER_FAILURES as number,
    },
    email: {
      transport: input.EMAIL_TRANSPORT as Config['email']['transport'],
      smtpUrl: input.SMTP_URL as string | undefined,
      smtpCaFile: input.SMTP_CA_FILE as string | undefined,
      from: input.EMAIL_FROM as string,
      retryScheduleSeconds: (input.EMAIL_RETRY_SCHEDULE as string).split(',').map(Number),
      pollIntervalMs: input.EMAIL_POLL_INTERVAL_MS as number,
    },
    cookieSecure: (input.COOKIE_SECURE as boolean | undefined) ?? publicUrl.startsWith('https://'),
    browserSession: {
      idleSeconds: input.BROWSER_SESSION_IDLE_SECONDS as number,
      absoluteSeconds: input.BROWSER_SESSION_ABSOLUTE_SECONDS as number,
    },
    files: {
      storage: fileStorage,
      s3:
        fileStorage === 's3'
          ? {
              endpoint: input.S3_ENDPOINT as string | undefined,
              bucket: input.S3_BUCKET as string,
              region: input.S3_REGION as string,
              accessKeyId: input.S3_ACCESS_KEY_ID as string | undefined,
              secretAccessKey: input.S3_SECRET_ACCESS_KEY as string | undefined,
            }
          : undefined,
      maxBytes: input.FILE_MAX_BYTES as number,
      workspaceQuotaBytes: input.WORKSPACE_STORAGE_QUOTA_BYTES as number,
      uploadSweepIntervalSeconds: input.FILE_UPLOAD_SWEEP_INTERVAL_SECONDS as number,
      orphanSweepIntervalSeconds: input.FILE_ORPHAN_SWEEP_INTERVAL_SECONDS as number,
      exportPollIntervalSeconds: input.EXPORT_POLL_INTERVAL_SECONDS as number,
    },
    models: {
      allowPrivate: input.MODEL_PROVIDERS_ALLOW_PRIVATE as boolean,
      timeoutMs: input.MODEL_PROVIDER_TIMEOUT_MS as number,
      maxRetries: input.MODEL_PROVIDER_MAX_RETRIES as number,
    },
    metrics: {
      port: input.METRICS_PORT as number | undefined,
      host: input.METRICS_HOST as string,
      token: input.METRICS_TOKEN as string | undefined,
    },
    tracing: {
      endpoint: input.OTEL_EXPORTER_OTLP_ENDPOINT as string | undefined,
      headers: headerPairs(input.OTEL_EXPORTER_OTLP_HEADERS as string | undefined),
      serviceName: input.OTEL_SERVICE_NAME as string,
      sampleRatio: input.OTEL_TRACES_SAMPLER_ARG as number,
    },
    retention: {
      days: {
        sessions: input.RETENTION_SESSIONS_DAYS as number,
        idempotency_keys: input.RETENTION_IDEMPOTENCY_KEYS_DAYS as number,
        delivery_bodies: input.RETENTION_DELIVERY_BODIES_DAYS as number,
        runs: input.RETENTION_RUNS_DAYS as number,
        files: input.RETENTION_FILES_DAYS as number,
        audit: input.RETENTION_AUDIT_DAYS as number,
      },
      intervalSeconds: input.RETENTION_INTERVAL_SECONDS as number,
      batchSize: input.RETENTION_BATCH_SIZE as number,
    },
    bootstrapAdmin: input.BOOTSTRAP_ADMIN_USERNAME
      ? {
          username: input.BOOTSTRAP_ADMIN_USERNAME as string,
          email: input.BOOTSTRAP_ADMIN_EMAIL as string,
          password: input.BOOTSTRAP_ADMIN_PASSWORD as string,
        }
      : undefined,
  };
}

function readProcessEnv(): NodeJS.ProcessEnv {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return process.env;
}

/** `a=1,b=2` as `{a: '1', b: '2'}` (the OpenTelemetry format; values may be percent-encoded). */
function headerPairs(text: string | undefined): Record<string, string> {
  if (!text) return {};
  return Object.fromEntries(
    text.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), percentDecoded(pair.slice(at + 1).trim())];
    }),
  );
}

function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}
