import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { DEFAULT_QUOTAS, type Quotas } from './domain/kernel/quotas.ts';
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
  /** Webhook ingest and the delivery log. */
  readonly webhooks: {
    /** Deliveries per trigger (per webhook path) per minute; 429 with Retry-After beyond. */
    readonly rateLimitPerMinute: number;
    /** Days raw bodies (and the log entries of duplicates and rejections) are kept. */
    readonly retentionDays: number;
    /** How often the retention purge runs (0: never). */
    readonly purgeIntervalSeconds: number;
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
]);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const schema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
    PUBLIC_URL: { type: 'string', pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$' },
    PERSISTENCE: { enum: ['postgres', 'memory'], default: 'postgres' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://\\S+$' },
    CACHE: { enum: ['on', 'off'], default: 'on' },
    DATABASE_CONNECT_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 60000, default: 1500 },
    DATABASE_STATEMENT_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 600000, default: 1500 },
    DATABASE_REQUEST_BUDGET_MS: { type: 'integer', minimum: 100, maximum: 600000, default: 1500 },
    DATA_DIR: { type: 'string', minLength: 1, default: './.data' },
    LOG_LEVEL: { enum: LOG_LEVELS, default: 'info' },
    SHUTDOWN_TIMEOUT_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 10000 },
    TRUSTED_PROXIES: { type: 'string', default: '' },
    MAX_JSON_BODY_BYTES: { type: 'integer', minimum: 1024, maximum: 16777216, default: 102400 },
    MASTER_KEY: { type: 'string', pattern: '^[A-Za-z0-9+/_-]{43}=?$' },
    JWT_ALGORITHM: { enum: ['EdDSA', 'ES256', 'HS256'], default: 'EdDSA' },
    JWT_ISSUER: { type: 'string', minLength: 1, maxLength: 200 },
    JWT_AUDIENCE: { type: 'string', minLength: 1, maxLength: 200, default: 'platform-api' },
    REFRESH_TOKEN_TTL_SECONDS: { type: 'integer', minimum: 901, maximum: 31536000, default: 2592000 },
    REFRESH_IDLE_TTL_SECONDS: { type: 'integer', minimum: 901, maximum: 31536000, default: 604800 },
    REFRESH_GRACE_SECONDS: { type: 'integer', minimum: 0, maximum: 300, default: 10 },
    PASSWORD_HASHER: { enum: ['argon2id', 'scrypt'], default: 'argon2id' },
    // Default: `postgres` with PERSISTENCE=postgres, `memory` with PERSISTENCE=memory.
    RATE_LIMIT_STORE: { enum: ['postgres', 'redis', 'memory'] },
    API_RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 1, maximum: 10000000, default: 1200 },
    LOGIN_RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 1, maximum: 1000000, default: 20 },
    REFRESH_RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 1, maximum: 1000000, default: 60 },
    REDIS_URL: { type: 'string', pattern: '^rediss?://\\S+$', default: 'redis://127.0.0.1:6379' },
    SIGNUP_ENABLED: { type: 'boolean', default: false },
    RUN_MAX_ATTEMPTS: { type: 'integer', minimum: 1, maximum: 100, default: 3 },
    RUN_LEASE_SECONDS: { type: 'integer', minimum: 5, maximum: 3600, default: 60 },
    RUN_SWEEP_INTERVAL_SECONDS: { type: 'integer', minimum: 0, maximum: 3600, default: 15 },
    RUN_EVENT_STREAM_HEARTBEAT_SECONDS: { type: 'integer', minimum: 1, maximum: 300, default: 15 },
    QUOTA_MISSIONS: { type: 'integer', minimum: 0, maximum: 1000000, default: DEFAULT_QUOTAS.missions },
    QUOTA_SCHEDULES: { type: 'integer', minimum: 0, maximum: 1000000, default: DEFAULT_QUOTAS.schedules },
    QUOTA_TRIGGERS: { type: 'integer', minimum: 0, maximum: 1000000, default: DEFAULT_QUOTAS.triggers },
    QUOTA_WEBHOOK_ENDPOINTS: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: DEFAULT_QUOTAS.webhook_endpoints,
    },
    QUOTA_API_KEYS: { type: 'integer', minimum: 0, maximum: 1000000, default: DEFAULT_QUOTAS.api_keys },
    QUOTA_WORKSPACES_PER_USER: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: DEFAULT_QUOTAS.workspaces,
    },
    QUOTA_QUEUED_RUNS_PER_MISSION: {
      type: 'integer',
      minimum: 1,
      maximum: 100000000,
      default: DEFAULT_QUOTAS.queued_runs,
    },
    EVENT_STREAMS_PER_CALLER: { type: 'integer', minimum: 1, maximum: 100000, default: 20 },
    EVENT_STREAMS_PER_INSTANCE: { type: 'integer', minimum: 1, maximum: 1000000, default: 2000 },
    EVENT_STREAM_MAX_SECONDS: { type: 'integer', minimum: 1, maximum: 86400, default: 3600 },
    EVENT_STREAM_BUFFER_BYTES: { type: 'integer', minimum: 65536, maximum: 67108864, default: 1048576 },
    EVENT_STREAM_STALL_SECONDS: { type: 'integer', minimum: 1, maximum: 3600, default: 60 },
    SCHEDULE_INTERVAL_SECONDS: { type: 'integer', minimum: 0, maximum: 60, default: 5 },
    SANDBOX_THREADS: { type: 'integer', minimum: 1, maximum: 64, default: 2 },
    SANDBOX_MAX_QUEUED: { type: 'integer', minimum: 0, maximum: 100000, default: 256 },
    WEBHOOK_RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 1, maximum: 10000000, default: 600 },
    WEBHOOK_RETENTION_DAYS: { type: 'integer', minimum: 1, maximum: 3650, default: 30 },
    WEBHOOK_PURGE_INTERVAL_SECONDS: { type: 'integer', minimum: 0, maximum: 86400, default: 3600 },
    WEBHOOK_INTAKE_BATCH_MAX: { type: 'integer', minimum: 1, maximum: 1000, default: 128 },
    WEBHOOK_RATE_LIMIT_SYNC_MS: { type: 'integer', minimum: 0, maximum: 10000, default: 200 },
    OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: { type: 'boolean', default: false },
    OUTBOUND_WEBHOOK_RETRY_SCHEDULE: {
      type: 'string',
      pattern: '^\\d{1,6}(,\\d{1,6}){0,19}$',
      default: DEFAULT_RETRY_SCHEDULE_SECONDS.join(','),
    },
    OUTBOUND_WEBHOOK_POLL_INTERVAL_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 1000 },
    EMAIL_TRANSPORT: { enum: ['log', 'smtp', 'memory'], default: 'log' },
    SMTP_URL: { type: 'string', pattern: '^smtps?://\\S+$' },
    SMTP_CA_FILE: { type: 'string', minLength: 1 },
    EMAIL_FROM: { type: 'string', minLength: 3, maxLength: 320, default: 'Platform <no-reply@localhost>' },
    EMAIL_RETRY_SCHEDULE: {
      type: 'string',
      pattern: '^\\d{1,6}(,\\d{1,6}){0,19}$',
      default: DEFAULT_EMAIL_RETRY_SCHEDULE_SECONDS.join(','),
    },
    EMAIL_POLL_INTERVAL_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 1000 },
    OUTBOUND_WEBHOOK_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 10000, default: 64 },
    OUTBOUND_WEBHOOK_PER_ENDPOINT: { type: 'integer', minimum: 1, maximum: 1000, default: 4 },
    OUTBOUND_WEBHOOK_PER_WORKSPACE: { type: 'integer', minimum: 1, maximum: 10000, default: 16 },
    OUTBOUND_WEBHOOK_DISABLE_AFTER_FAILURES: { type: 'integer', minimum: 1, maximum: 100000, default: 100 },
    COOKIE_SECURE: { type: 'boolean' },
    BROWSER_SESSION_IDLE_SECONDS: { type: 'integer', minimum: 60, maximum: 31536000, default: 28800 },
    BROWSER_SESSION_ABSOLUTE_SECONDS: { type: 'integer', minimum: 60, maximum: 31536000, default: 604800 },
    // Default: `postgres` with PERSISTENCE=postgres, `memory` with PERSISTENCE=memory.
    FILE_STORAGE: { enum: ['postgres', 'filesystem', 's3', 'memory'] },
    S3_ENDPOINT: { type: 'string', pattern: '^https?://\\S+$' },
    S3_BUCKET: { type: 'string', minLength: 3, maxLength: 63 },
    S3_REGION: { type: 'string', minLength: 1, maxLength: 64, default: 'us-east-1' },
    S3_ACCESS_KEY_ID: { type: 'string', minLength: 1, maxLength: 256 },
    S3_SECRET_ACCESS_KEY: { type: 'string', minLength: 1, maxLength: 256 },
    FILE_MAX_BYTES: { type: 'integer', minimum: 1, maximum: 1099511627776, default: 104857600 },
    WORKSPACE_STORAGE_QUOTA_BYTES: {
      type: 'integer',
      minimum: 0,
      maximum: 1125899906842624,
      default: 10737418240,
    },
    FILE_UPLOAD_SWEEP_INTERVAL_SECONDS: { type: 'integer', minimum: 0, maximum: 86400, default: 600 },
    BOOTSTRAP_ADMIN_USERNAME: { type: 'string', minLength: 3, maxLength: 64 },
    BOOTSTRAP_ADMIN_EMAIL: { type: 'string', minLength: 3, maxLength: 254 },
    BOOTSTRAP_ADMIN_PASSWORD: { type: 'string', minLength: 8, maxLength: 1024 },
  },
  dependencies: {
    BOOTSTRAP_ADMIN_USERNAME: ['BOOTSTRAP_ADMIN_EMAIL', 'BOOTSTRAP_ADMIN_PASSWORD'],
    BOOTSTRAP_ADMIN_EMAIL: ['BOOTSTRAP_ADMIN_USERNAME', 'BOOTSTRAP_ADMIN_PASSWORD'],
    BOOTSTRAP_ADMIN_PASSWORD: ['BOOTSTRAP_ADMIN_USERNAME', 'BOOTSTRAP_ADMIN_EMAIL'],
  },
} as const;

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: false });
const validate = ajv.compile(schema);

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
    webhooks: {
      rateLimitPerMinute: input.WEBHOOK_RATE_LIMIT_PER_MINUTE as number,
      retentionDays: input.WEBHOOK_RETENTION_DAYS as number,
      purgeIntervalSeconds: input.WEBHOOK_PURGE_INTERVAL_SECONDS as number,
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

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}
