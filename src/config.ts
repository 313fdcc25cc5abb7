// The configuration, assembled from one file per area in src/config/ (each owns its variables, its secrets, its
// part of Config and the cross-checks between its variables). Their order here is the order of
// docs/OPERATIONS.md: the server, then what every area shares, then the areas in their order, then the
// tables that span areas (quotas, retention).
import { existsSync } from 'node:fs';
import { Ajv } from 'ajv';
import { blueprintsSettings } from './config/blueprints.ts';
import { eventStreamsSettings } from './config/event-streams.ts';
import { exportsSettings } from './config/exports.ts';
import { filesSettings } from './config/files.ts';
import { identitySettings } from './config/identity.ts';
import { identitySignInSettings } from './config/identity-sign-in.ts';
import { knowledgeSettings } from './config/knowledge.ts';
import { modelsSettings } from './config/models.ts';
import { notificationsSettings } from './config/notifications.ts';
import { observabilitySettings } from './config/observability.ts';
import { type PlatformConfig, platformSettings } from './config/platform.ts';
import { quotasSettings } from './config/quotas.ts';
import { retentionSettings } from './config/retention.ts';
import { runsSettings } from './config/runs.ts';
import { sandboxesSettings } from './config/sandboxes.ts';
import { schedulesSettings } from './config/schedules.ts';
import { ConfigError, type Property, type Settings } from './config/settings.ts';
import { throttlingSettings } from './config/throttling.ts';
import { triggersSettings } from './config/triggers.ts';
import { webhooksSettings } from './config/webhooks.ts';

export { ConfigError };

/** The server's settings first: the others' `read` gets its part. */
const AREAS = [
  throttlingSettings,
  eventStreamsSettings,
  observabilitySettings,
  notificationsSettings,
  identitySettings,
  identitySignInSettings,
  runsSettings,
  schedulesSettings,
  triggersSettings,
  webhooksSettings,
  sandboxesSettings,
  blueprintsSettings,
  filesSettings,
  modelsSettings,
  knowledgeSettings,
  exportsSettings,
  quotasSettings,
  retentionSettings,
] as const;

/** Every setting the service reads, parsed and validated once at boot: the server's part and each area's. */
export type Config = PlatformConfig & Joined<PartOf<(typeof AREAS)[number]>>;
/** The part of the Config a Settings reads. */
type PartOf<S> = S extends Settings<infer Part> ? Part : never;
/** The parts as one type (a union turned intersection): two parts of one section (`files`) join. */
type Joined<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer All) => void
  ? All
  : never;

const SETTINGS: readonly Omit<Settings<object>, 'read'>[] = [platformSettings, ...AREAS];

const properties: Record<string, Property> = {};
for (const settings of SETTINGS) {
  for (const [name, property] of Object.entries(settings.properties)) {
    if (name in properties) throw new Error(`${name} is declared by two files of src/config`);
    properties[name] = property;
  }
}

/** Never echoed in an error message. */
const SECRET_VARIABLES = new Set(SETTINGS.flatMap((settings) => settings.secrets ?? []));

const schema = {
  type: 'object',
  properties,
  dependencies: Object.assign({}, ...SETTINGS.map((settings) => settings.dependencies ?? {})),
};

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
  return Object.entries(properties).map(([name, property]) => ({
    name,
    default:
      property.defaultText ?? (property.default === undefined ? 'unset' : `\`${String(property.default)}\``),
    meaning: property.description,
    secret: SECRET_VARIABLES.has(name),
  }));
}

/**
 * Reads the configuration from `env` (by default `process.env`, after loading `./.env` when present).
 * Throws a ConfigError whose message is one line naming the variable and what is wrong with it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = readProcessEnv()): Config {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(properties)) {
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
  const platform = platformSettings.read(input);
  return merged([platform, ...AREAS.map((settings) => settings.read(input, platform))]) as Config;
}

/** The parts as one object; two parts of one section (`files` and the exports' setting in it) are joined. */
function merged(parts: readonly object[]): object {
  const config: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const held = config[key];
      config[key] = isSection(held) && isSection(value) ? { ...held, ...value } : value;
    }
  }
  return config;
}

function isSection(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readProcessEnv(): NodeJS.ProcessEnv {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return process.env;
}
