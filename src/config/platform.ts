import { isAbsolute, resolve } from 'node:path';
import type { Input, Settings } from './settings.ts';

/** The server itself: where it listens, where its state lives, how it logs, stops and trusts proxies. */
export interface PlatformConfig {
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
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const platformSettings: Settings<PlatformConfig, void> = {
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
  },
  secrets: ['DATABASE_URL', 'MASTER_KEY'],
  read: (input: Input): PlatformConfig => {
    const port = input.PORT as number;
    const host = input.HOST as string;
    return {
      port,
      host,
      publicUrl: ((input.PUBLIC_URL as string | undefined) ?? `http://${hostForUrl(host)}:${port}`).replace(
        /\/$/,
        '',
      ),
      persistence: input.PERSISTENCE as PlatformConfig['persistence'],
      databaseUrl: input.DATABASE_URL as string | undefined,
      cache: input.CACHE as PlatformConfig['cache'],
      databaseDeadlines: {
        connectMs: input.DATABASE_CONNECT_TIMEOUT_MS as number,
        statementMs: input.DATABASE_STATEMENT_TIMEOUT_MS as number,
        requestBudgetMs: input.DATABASE_REQUEST_BUDGET_MS as number,
      },
      dataDir: absolute(input.DATA_DIR as string),
      logLevel: input.LOG_LEVEL as PlatformConfig['logLevel'],
      shutdownTimeoutMs: input.SHUTDOWN_TIMEOUT_MS as number,
      trustedProxies: (input.TRUSTED_PROXIES as string)
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
      maxJsonBodyBytes: input.MAX_JSON_BODY_BYTES as number,
      masterKey: input.MASTER_KEY as string | undefined,
    };
  },
};

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}
