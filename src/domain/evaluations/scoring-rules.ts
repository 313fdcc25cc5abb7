import { valueAt } from '../kernel/json-pointer.ts';

/**
 * The part of a target's output a scorer reads (CONTRACT section 13): the value at `path` (a JSON Pointer;
 * undefined when the output has none there), else the whole output, or its `value` member when the output is
 * an object holding only `value` (a mission's non-object output, as workers wrap it).
 */
export function scoredValue(output: unknown, path: string | undefined): unknown {
  if (path !== undefined) return valueAt(output, path);
  if (typeof output === 'object' && output !== null && !Array.isArray(output)) {
    const keys = Object.keys(output);
    if (keys.length === 1 && keys[0] === 'value') return (output as { value: unknown }).value;
  }
  return output;
}

/** How text scorers read a value: a string as it is, anything else as its JSON text (nothing: ''). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** A number, or a string that spells one in decimal (surrounding white space allowed); else undefined. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!NUMERIC.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

/** Equal as JSON values: the same type and contents, object keys in any order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) => Object.hasOwn(bRecord, key) && jsonEqual((a as Record<string, unknown>)[key], bRecord[key]),
    )
  );
}

const binary = (pass: boolean) => (pass ? 1 : 0);

/** `exact_match`: 1 when the value equals `expected` as JSON. */
export function exactMatchScore(value: unknown, expected: unknown): number {
  return binary(value !== undefined && jsonEqual(value, expected));
}

/** `contains`: 1 when the value's text holds the expected text (code points as they are: no normalisation). */
export function containsScore(value: unknown, expected: unknown): number {
  return binary(value !== undefined && textOf(value).includes(textOf(expected)));
}

/** `numeric`: 1 when both are numbers (or numeric strings) at most `tolerance` apart. */
export function numericScore(value: unknown, expected: unknown, tolerance: number): number {
  const got = numberOf(value);
  const want = numberOf(expected);
  return binary(got !== undefined && want !== undefined && Math.abs(got - want) <= tolerance);
}

/** A `code` scorer's return value as a score: a number in [0, 1], else why not. */
export function parseScore(value: unknown, from: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1)
    throw new ScoreRefused(`${from} must be a number in [0, 1], not ${textOf(value).slice(0, 100)}`);
  return value;
}

/** The judge's answer, JSON `{score, reason}` (a fenced code block around it allowed): its score and reason. */
export function parseJudgement(answer: string): { score: number; reason: string } {
  const unfenced = answer.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/u, '$1');
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced);
  } catch {
    throw new ScoreRefused('the judge did not answer with JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ScoreRefused('the judge did not answer with a JSON object {score, reason}');
  const { score, reason } = parsed as { score?: unknown; reason?: unknown };
  return { score: parseScore(score, "the judge's score"), reason: typeof reason === 'string' ? reason : '' };
}

/** A scorer could not give a score (the item then scores 0 on it, and the reason is kept). */
export class ScoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScoreRefused';
  }
}
