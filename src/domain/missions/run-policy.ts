import { InvalidInput } from '../kernel/errors.ts';
import { isJsonPointer } from '../kernel/json-pointer.ts';

/**
 * How a mission's runs are executed (CONTRACT section 7). Every field is optional (`null`): no timeout, one
 * attempt (lost leases: the server's RUN_MAX_ATTEMPTS), the default backoff, no concurrency cap.
 */
export interface RunPolicy {
  /** A running attempt fails with `error.code = "timeout"` this long after it started. */
  readonly timeoutSeconds: number | null;
  /** Attempts a run gets, counting the first. */
  readonly maxAttempts: number | null;
  /** The wait before the first retry; each later retry waits twice the one before, at most 1 h. */
  readonly retryBackoffSeconds: number | null;
  /** At most this many runs of the mission (or of one key value) hold a slot at once. */
  readonly concurrencyLimit: number | null;
  /** A JSON Pointer into the run's input: with it, the limit applies per value found there. */
  readonly concurrencyKey: string | null;
}

export const NO_RUN_POLICY: RunPolicy = {
  timeoutSeconds: null,
  maxAttempts: null,
  retryBackoffSeconds: null,
  concurrencyLimit: null,
  concurrencyKey: null,
};

export const RUN_POLICY_LIMITS = {
  timeoutSeconds: { min: 1, max: 7 * 24 * 3600 },
  maxAttempts: { min: 1, max: 100 },
  retryBackoffSeconds: { min: 1, max: 3600 },
  concurrencyLimit: { min: 1, max: 10_000 },
} as const;
export const MAX_CONCURRENCY_KEY_LENGTH = 200;
export const DEFAULT_RETRY_BACKOFF_SECONDS = 10;
export const MAX_RETRY_DELAY_SECONDS = 3600;

type NumericField = keyof typeof RUN_POLICY_LIMITS;
const NUMERIC_FIELDS = Object.keys(RUN_POLICY_LIMITS) as NumericField[];

/** A policy, or changes to one: each field given replaces the current value (`null` clears it). */
export type RunPolicyChanges = { readonly [K in keyof RunPolicy]?: RunPolicy[K] | undefined };

/** `current` with `changes` applied, validated as a whole (a key needs a limit). */
export function changeRunPolicy(current: RunPolicy, changes: RunPolicyChanges): RunPolicy {
  const merged: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(changes)) if (value !== undefined) merged[field] = value;
  const policy = merged as unknown as RunPolicy;
  for (const field of NUMERIC_FIELDS) {
    const value = policy[field];
    const { min, max } = RUN_POLICY_LIMITS[field];
    if (value !== null && (!Number.isInteger(value) || value < min || value > max)) {
      throw new InvalidInput(`policy.${snake(field)} must be an integer from ${min} to ${max}`);
    }
  }
  const key = policy.concurrencyKey;
  if (key !== null && (key.length > MAX_CONCURRENCY_KEY_LENGTH || !isJsonPointer(key))) {
    throw new InvalidInput('policy.concurrency_key must be a JSON Pointer such as /body/customer_id');
  }
  if (key !== null && policy.concurrencyLimit === null) {
    throw new InvalidInput('policy.concurrency_key needs policy.concurrency_limit');
  }
  return {
    timeoutSeconds: policy.timeoutSeconds,
    maxAttempts: policy.maxAttempts,
    retryBackoffSeconds: policy.retryBackoffSeconds,
    concurrencyLimit: policy.concurrencyLimit,
    concurrencyKey: key,
  };
}

/** Seconds to wait before the attempt after `attempt` (1-based): backoff, then doubling, capped at 1 h. */
export function retryDelaySeconds(policy: RunPolicy, attempt: number): number {
  const base = policy.retryBackoffSeconds ?? DEFAULT_RETRY_BACKOFF_SECONDS;
  return Math.min(MAX_RETRY_DELAY_SECONDS, base * 2 ** Math.min(attempt - 1, 30));
}

function snake(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
