import { isAbsolute, resolve } from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.ts';

/** Runs loadConfig and hands back the ConfigError it must throw. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const BOOTSTRAP = {
  BOOTSTRAP_ADMIN_USERNAME: 'admin',
  BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com',
  BOOTSTRAP_ADMIN_PASSWORD: 'a-long-enough-password',
};

/** A bad value for each variable that can have one (HOST, DATA_DIR and TRUSTED_PROXIES take any string). */
const BAD_VALUES: readonly [variable: string, value: string, others?: Record<string, string>][] = [
  ['PORT', 'abc'],
  ['PORT', '65536'],
  ['PORT', '-1'],
  ['PORT', '80.5'],
  ['PUBLIC_URL', 'ftp://api.example.com'],
  ['PUBLIC_URL', 'api.example.com'],
  ['PUBLIC_URL', 'https://api.example.com/?x=1'],
  ['DATABASE_URL', 'mysql://admin:s3cret-db@db.internal/app'],
  ['LOG_LEVEL', 'verbose'],
  ['SHUTDOWN_TIMEOUT_MS', '-1'],
  ['SHUTDOWN_TIMEOUT_MS', '600001'],
  ['DATABASE_CONNECT_TIMEOUT_MS', 'soon'],
  ['DATABASE_STATEMENT_TIMEOUT_MS', '50'],
  ['DATABASE_REQUEST_BUDGET_MS', '99'],
  ['MAX_JSON_BODY_BYTES', '10'],
  ['MAX_JSON_BODY_BYTES', '1e9'],
  ['MASTER_KEY', 's3cret-but-too-short'],
  ['PERSISTENCE', 'sqlite'],
  ['CACHE', 'maybe'],
  ['RATE_LIMIT_STORE', 'postgres', { PERSISTENCE: 'memory' }],
  ['JWT_ALGORITHM', 'none'],
  ['JWT_ALGORITHM', 'RS256'],
  ['JWT_ISSUER', 'i'.repeat(201)],
  ['JWT_AUDIENCE', 'a'.repeat(201)],
  ['REFRESH_TOKEN_TTL_SECONDS', '900'],
  ['REFRESH_IDLE_TTL_SECONDS', '60'],
  ['REFRESH_GRACE_SECONDS', '301'],
  ['PASSWORD_HASHER', 'md5'],
  ['RATE_LIMIT_STORE', 'memcached'],
  ['REDIS_URL', 'http://:s3cret-redis@cache.internal:6379'],
  ['SIGNUP_ENABLED', 'maybe'],
  ['BOOTSTRAP_ADMIN_USERNAME', 'ab', BOOTSTRAP],
  ['BOOTSTRAP_ADMIN_EMAIL', 'a', BOOTSTRAP],
  ['BOOTSTRAP_ADMIN_PASSWORD', 's3cret', BOOTSTRAP],
  ['WEBHOOK_INTAKE_BATCH_MAX', '0'],
  ['WEBHOOK_INTAKE_BATCH_MAX', '1001'],
  ['WEBHOOK_RATE_LIMIT_SYNC_MS', '-1'],
  ['WEBHOOK_RATE_LIMIT_SYNC_MS', '10001'],
  ['BLUEPRINT_ENGINE_LEASE_SECONDS', '2'],
  ['BLUEPRINT_ENGINE_LEASE_SECONDS', '601'],
];

const SECRETS = new Set(['DATABASE_URL', 'MASTER_KEY', 'BOOTSTRAP_ADMIN_PASSWORD', 'REDIS_URL']);

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const config = loadConfig({});
    expect(config).to.deep.include({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:8080',
      databaseUrl: undefined,
      cache: 'on',
      databaseDeadlines: { connectMs: 1500, statementMs: 1500, requestBudgetMs: 1500 },
      dataDir: resolve(process.cwd(), '.data'),
      logLevel: 'info',
      shutdownTimeoutMs: 10000,
      trustedProxies: [],
      maxJsonBodyBytes: 102400,
      masterKey: undefined,
      jwt: { algorithm: 'EdDSA', issuer: 'http://127.0.0.1:8080', audience: 'platform-api' },
      refresh: { absoluteSeconds: 2592000, idleSeconds: 604800, graceSeconds: 10 },
      passwordHasher: 'argon2id',
      rateLimitStore: 'postgres',
      redisUrl: 'redis://127.0.0.1:6379',
      signupEnabled: false,
      bootstrapAdmin: undefined,
    });
  });

  it('reads and converts every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://app@db:5432/app',
      DATABASE_CONNECT_TIMEOUT_MS: '250',
      DATABASE_STATEMENT_TIMEOUT_MS: '30000',
      DATABASE_REQUEST_BUDGET_MS: '60000',
      DATA_DIR: '/var/lib/platform',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_MS: '0',
      TRUSTED_PROXIES: ' 10.0.0.1, ,10.0.0.0/8 ',
      MAX_JSON_BODY_BYTES: '2048',
      MASTER_KEY: 'A'.repeat(43),
      JWT_ALGORITHM: 'HS256',
      JWT_AUDIENCE: 'other',
      REFRESH_TOKEN_TTL_SECONDS: '901',
      REFRESH_IDLE_TTL_SECONDS: '86400',
      REFRESH_GRACE_SECONDS: '0',
      PASSWORD_HASHER: 'scrypt',
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: 'rediss://cache:6380',
      SIGNUP_ENABLED: 'true',
      ...BOOTSTRAP,
    });
    expect(config).to.deep.include({
      port: 0,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:0',
      databaseUrl: 'postgresql://app@db:5432/app',
      databaseDeadlines: { connectMs: 250, statementMs: 30000, requestBudgetMs: 60000 },
      dataDir: '/var/lib/platform',
      logLevel: 'warn',
      shutdownTimeoutMs: 0,
      trustedProxies: ['10.0.0.1', '10.0.0.0/8'],
      maxJsonBodyBytes: 2048,
      masterKey: 'A'.repeat(43),
      jwt: { algorithm: 'HS256', issuer: 'http://localhost:0', audience: 'other' },
      refresh: { absoluteSeconds: 901, idleSeconds: 86400, graceSeconds: 0 },
      passwordHasher: 'scrypt',
      rateLimitStore: 'redis',
      redisUrl: 'rediss://cache:6380',
      signupEnabled: true,
      bootstrapAdmin: {
        username: 'admin',
        email: 'admin@example.com',
        password: 'a-long-enough-password',
      },
    });
  });

  it('stores state in PostgreSQL unless PERSISTENCE=memory, and keeps rate-limit counters beside it by default', () => {
    expect(loadConfig({})).to.include({ persistence: 'postgres', rateLimitStore: 'postgres' });
    expect(loadConfig({ PERSISTENCE: 'memory' })).to.include({
      persistence: 'memory',
      rateLimitStore: 'memory',
    });
    expect(loadConfig({ PERSISTENCE: 'memory', RATE_LIMIT_STORE: 'redis' })).to.include({
      rateLimitStore: 'redis',
    });
  });

  it('groups webhook deliveries into shared commits and syncs webhook counters in batches by default', () => {
    expect(loadConfig({}).webhooks).to.deep.include({ intakeBatchMax: 128, rateLimitSyncMs: 200 });
    expect(
      loadConfig({ WEBHOOK_INTAKE_BATCH_MAX: '1', WEBHOOK_RATE_LIMIT_SYNC_MS: '0' }).webhooks,
    ).to.deep.include({ intakeBatchMax: 1, rateLimitSyncMs: 0 });
  });

  it('leases blueprint steps and agent runs for 10 s unless BLUEPRINT_ENGINE_LEASE_SECONDS says otherwise', () => {
    expect(loadConfig({}).blueprintEngine.leaseSeconds).to.equal(10);
    expect(loadConfig({ BLUEPRINT_ENGINE_LEASE_SECONDS: '4' }).blueprintEngine.leaseSeconds).to.equal(4);
  });

  it('caches hot reads unless CACHE=off', () => {
    expect(loadConfig({ CACHE: 'off' })).to.include({ cache: 'off' });
    expect(loadConfig({ CACHE: 'on' })).to.include({ cache: 'on' });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '', DATABASE_URL: '' })).to.deep.include({
      port: 8080,
      logLevel: 'info',
      databaseUrl: undefined,
    });
  });

  it('makes a relative DATA_DIR absolute against the working folder', () => {
    const { dataDir } = loadConfig({ DATA_DIR: 'state/here' });
    expect(isAbsolute(dataDir)).to.equal(true);
    expect(dataDir).to.equal(resolve(process.cwd(), 'state/here'));
  });

  it('ignores variables it does not know', () => {
    expect(() => loadConfig({ SOMETHING_ELSE: '!!', PATH: '/bin' })).not.to.throw();
  });

  describe('PUBLIC_URL and the JWT issuer', () => {
    it('trims a trailing slash from PUBLIC_URL', () => {
      expect(loadConfig({ PUBLIC_URL: 'https://api.example.com/' }).publicUrl).to.equal(
        'https://api.example.com',
      );
      expect(loadConfig({ PUBLIC_URL: 'https://example.com/platform/' }).publicUrl).to.equal(
        'https://example.com/platform',
      );
    });

    it('defaults the issuer to PUBLIC_URL (as trimmed), or to the derived origin', () => {
      expect(loadConfig({ PUBLIC_URL: 'https://api.example.com/' }).jwt.issuer).to.equal(
        'https://api.example.com',
      );
      expect(loadConfig({ PORT: '9000' }).jwt.issuer).to.equal('http://127.0.0.1:9000');
      expect(loadConfig({ HOST: '::1', PORT: '9000' }).publicUrl).to.equal('http://[::1]:9000');
    });

    it('keeps an explicit JWT_ISSUER', () => {
      const config = loadConfig({ PUBLIC_URL: 'https://api.example.com', JWT_ISSUER: 'urn:platform' });
      expect(config.jwt.issuer).to.equal('urn:platform');
      expect(config.publicUrl).to.equal('https://api.example.com');
    });
  });

  describe('a bad value', () => {
    for (const [variable, value, others] of BAD_VALUES) {
      it(`${variable}=${value.length > 40 ? `${value.slice(0, 12)}…` : value} is a ConfigError naming ${variable}`, () => {
        const error = configError({ ...others, [variable]: value });
        expect(error.name).to.equal('ConfigError');
        expect(error.message).not.to.include('\n');
        expect(error.message).to.match(new RegExp(`\\b${variable}\\b`));
        if (SECRETS.has(variable)) expect(error.message).not.to.include(value);
      });
    }

    it('shows the offending value of a variable that is not secret, on one line however it was written', () => {
      expect(configError({ LOG_LEVEL: 'verbose' }).message).to.include('"verbose"');
      const multiLine = configError({ LOG_LEVEL: 'info\nlevel=forged' }).message;
      expect(multiLine).not.to.include('\n');
      expect(multiLine).to.include('LOG_LEVEL');
    });

    it('never echoes a secret, whichever variable is wrong', () => {
      const secrets = {
        DATABASE_URL: 'postgres://admin:db-pass-1@db/app',
        MASTER_KEY: 'B'.repeat(43),
        REDIS_URL: 'redis://:redis-pass-2@cache:6379',
        ...BOOTSTRAP,
        BOOTSTRAP_ADMIN_PASSWORD: 'bootstrap-pass-3',
      };
      const bads: Record<string, string>[] = [
        { PORT: 'abc' },
        { BOOTSTRAP_ADMIN_EMAIL: 'x' },
        { LOG_LEVEL: 'loud' },
      ];
      for (const bad of bads) {
        const message = configError({ ...secrets, ...bad }).message;
        for (const secret of ['db-pass-1', 'B'.repeat(43), 'redis-pass-2', 'bootstrap-pass-3']) {
          expect(message).not.to.include(secret);
        }
      }
    });
  });

  describe('the bootstrap admin', () => {
    it('is undefined unless configured', () => {
      expect(loadConfig({}).bootstrapAdmin).to.equal(undefined);
    });

    for (const missing of Object.keys(BOOTSTRAP)) {
      it(`must be set as a trio: without ${missing} it is a ConfigError naming it`, () => {
        const env: Record<string, string> = { ...BOOTSTRAP };
        delete env[missing];
        const error = configError(env);
        expect(error.message).not.to.include('\n');
        expect(error.message).to.include(missing);
        expect(error.message).not.to.include(BOOTSTRAP.BOOTSTRAP_ADMIN_PASSWORD);
      });
    }

    it('refuses a lone password without echoing it', () => {
      const error = configError({ BOOTSTRAP_ADMIN_PASSWORD: 'lonely-secret-password' });
      expect(error.message).to.include('BOOTSTRAP_ADMIN_USERNAME');
      expect(error.message).not.to.include('lonely-secret-password');
    });
  });
});
