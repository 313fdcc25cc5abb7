import { InvalidInput } from '../kernel/errors.ts';
import { type JsonObject, jsonByteLength } from '../kernel/json-document.ts';
import { isJsonPointer } from '../kernel/json-pointer.ts';
import { illFormedPart, storableText } from '../kernel/well-formed-json.ts';

export const SCORER_KINDS = [
  'exact_match',
  'contains',
  'regex',
  'json_schema',
  'numeric',
  'code',
  'llm_judge',
] as const;
export type ScorerKind = (typeof SCORER_KINDS)[number];

export const MAX_SCORERS = 20;
const NAME = /^[a-zA-Z0-9_.-]{1,64}$/;
const MAX_CONFIG_BYTES = 64 * 1024;
/** A score passes at this value or above (CONTRACT section 13). */
export const PASS_SCORE = 0.5;

/** One scorer of an evaluation: how it reads the output (`config.path`), its kind's settings and its gate. */
export interface ScorerSpec {
  readonly name: string;
  readonly kind: ScorerKind;
  readonly config: ScorerConfig;
  /** `passed` needs this scorer's mean to reach it; null: the scorer does not gate. */
  readonly minMean: number | null;
}

export interface ScorerConfig {
  /** A JSON Pointer into the output; absent: the whole output (or its lone `value`). */
  readonly path?: string;
  /** `regex`: the pattern (ECMAScript, always with the `u` flag) and extra flags among `i`, `m`, `s`. */
  readonly pattern?: string;
  readonly flags?: string;
  /** `json_schema`: the schema the output must be valid against. */
  readonly schema?: JsonObject;
  /** `numeric`: the largest difference that still passes (default 0). */
  readonly tolerance?: number;
  /** `code`: JavaScript defining `main({input, output, expected})`, returning a number in [0, 1]. */
  readonly source?: string;
  /** `llm_judge`: a model provider of the workspace, its model, and what the judge is asked to grade. */
  readonly provider_id?: string;
  readonly model?: string;
  readonly rubric?: string;
}

/** The keys each kind takes in `config` (beside `path`), and those it needs. */
const KEYS: Record<ScorerKind, { allowed: readonly string[]; required: readonly string[] }> = {
  exact_match: { allowed: [], required: [] },
  contains: { allowed: [], required: [] },
  regex: { allowed: ['pattern', 'flags'], required: ['pattern'] },
  json_schema: { allowed: ['schema'], required: ['schema'] },
  numeric: { allowed: ['tolerance'], required: [] },
  code: { allowed: ['source'], required: ['source'] },
  llm_judge: { allowed: ['provider_id', 'model', 'rubric'], required: ['provider_id', 'model', 'rubric'] },
};

export interface ScorerDraft {
  readonly name: string;
  readonly kind: string;
  readonly config?: unknown;
  readonly min_mean?: number | undefined;
}

/**
 * The scorers of a new evaluation, checked: 1 to MAX_SCORERS, names unique, each kind's config complete and
 * well formed; a `regex` pattern must compile (`compileSchema` checks a `json_schema` scorer's schema, an
 * adapter's concern, and throws InvalidInput when it does not compile).
 */
export function parseScorers(
  drafts: readonly ScorerDraft[],
  compileSchema: (schema: JsonObject, at: string) => void,
): ScorerSpec[] {
  if (drafts.length < 1 || drafts.length > MAX_SCORERS)
    throw new InvalidInput(`scorers must hold 1 to ${MAX_SCORERS} scorers`);
  const names = new Set<string>();
  return drafts.map((draft, index) => {
    const at = `scorers[${index}]`;
    if (!NAME.test(draft.name)) throw new InvalidInput(`${at}.name must match ${NAME.source}`);
    if (names.has(draft.name)) throw new InvalidInput(`${at}.name repeats the scorer name ${draft.name}`);
    names.add(draft.name);
    if (!(SCORER_KINDS as readonly string[]).includes(draft.kind))
      throw new InvalidInput(`${at}.kind must be one of ${SCORER_KINDS.join(', ')}`);
    const kind = draft.kind as ScorerKind;
    const config = parseConfig(kind, draft.config ?? {}, `${at}.config`);
    if (kind === 'json_schema') compileSchema(config.schema as JsonObject, `${at}.config.schema`);
    const minMean = draft.min_mean ?? null;
    if (minMean !== null && !(Number.isFinite(minMean) && minMean >= 0 && minMean <= 1))
      throw new InvalidInput(`${at}.min_mean must be a number in [0, 1]`);
    return { name: draft.name, kind, config, minMean };
  });
}

function parseConfig(kind: ScorerKind, given: unknown, at: string): ScorerConfig {
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new InvalidInput(`${at} must be an object`);
  const illFormed = illFormedPart(given);
  if (illFormed) throw new InvalidInput(`${at}${illFormed.pointer} ${illFormed.problem}`);
  if (jsonByteLength(given) > MAX_CONFIG_BYTES)
    throw new InvalidInput(`${at} must be at most ${MAX_CONFIG_BYTES} bytes of JSON`);
  const config = given as Record<string, unknown>;
  const { allowed, required } = KEYS[kind];
  for (const key of Object.keys(config)) {
    if (key !== 'path' && !allowed.includes(key))
      throw new InvalidInput(`${at}.${key} is not a setting of a ${kind} scorer`);
  }
  for (const key of required) {
    if (config[key] === undefined) throw new InvalidInput(`${at}.${key} is required for a ${kind} scorer`);
  }
  if (config.path !== undefined && !(typeof config.path === 'string' && isJsonPointer(config.path)))
    throw new InvalidInput(`${at}.path must be a JSON Pointer (RFC 6901)`);
  const text = (key: string, max: number) => {
    const value = config[key];
    if (value === undefined) return;
    if (typeof value !== 'string' || value.length === 0 || value.length > max)
      throw new InvalidInput(`${at}.${key} must be a string of 1 to ${max} characters`);
    storableText(value, `${at}.${key}`);
  };
  text('pattern', 1_000);
  text('source', 32_000);
  text('model', 200);
  text('rubric', 8_000);
  if (
    config.flags !== undefined &&
    !(typeof config.flags === 'string' && /^(?!.*(.).*\1)[ims]*$/.test(config.flags))
  )
    throw new InvalidInput(`${at}.flags must be distinct letters among i, m and s`);
  if (kind === 'regex')
    compilePattern(config.pattern as string, (config.flags as string | undefined) ?? '', at);
  if (
    config.schema !== undefined &&
    (typeof config.schema !== 'object' || config.schema === null || Array.isArray(config.schema))
  )
    throw new InvalidInput(`${at}.schema must be a JSON Schema object`);
  const tolerance = config.tolerance;
  if (
    tolerance !== undefined &&
    !(typeof tolerance === 'number' && Number.isFinite(tolerance) && tolerance >= 0)
  )
    throw new InvalidInput(`${at}.tolerance must be a number of at least 0`);
  const providerId = config.provider_id;
  if (
    providerId !== undefined &&
    !(
      typeof providerId === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(providerId)
    )
  )
    throw new InvalidInput(`${at}.provider_id must be a model provider's id`);
  return config as ScorerConfig;
}

/** The regular expression of a `regex` scorer (Unicode-aware: the `u` flag is always on). */
export function compilePattern(pattern: string, flags: string, at = 'pattern'): RegExp {
  try {
    return new RegExp(pattern, `${flags}u`);
  } catch (error) {
    throw new InvalidInput(`${at}.pattern is not a valid regular expression: ${(error as Error).message}`);
  }
}
