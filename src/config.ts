import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { Ajv } from 'ajv';

/** Every setting the service reads, parsed and validated once at boot. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly shutdownTimeoutMs: number;
  readonly trustedProxies: readonly string[];
  readonly maxJsonBodyBytes: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const schema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
    PUBLIC_URL: { type: 'string', pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://\\S+$' },
    DATA_DIR: { type: 'string', minLength: 1, default: './.data' },
    LOG_LEVEL: { enum: LOG_LEVELS, default: 'info' },
    SHUTDOWN_TIMEOUT_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 10000 },
    TRUSTED_PROXIES: { type: 'string', default: '' },
    MAX_JSON_BODY_BYTES: { type: 'integer', minimum: 1024, maximum: 16777216, default: 102400 },
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
    const value = variable in input ? ` (got ${JSON.stringify(input[variable])})` : '';
    throw new ConfigError(`invalid configuration: ${variable} ${error?.message ?? 'is invalid'}${value}`);
  }
  const port = input.PORT as number;
  const host = input.HOST as string;
  return {
    port,
    host,
    publicUrl: ((input.PUBLIC_URL as string | undefined) ?? `http://${hostForUrl(host)}:${port}`).replace(
      /\/$/,
      '',
    ),
    databaseUrl: input.DATABASE_URL as string | undefined,
    dataDir: absolute(input.DATA_DIR as string),
    logLevel: input.LOG_LEVEL as Config['logLevel'],
    shutdownTimeoutMs: input.SHUTDOWN_TIMEOUT_MS as number,
    trustedProxies: (input.TRUSTED_PROXIES as string)
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    maxJsonBodyBytes: input.MAX_JSON_BODY_BYTES as number,
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
