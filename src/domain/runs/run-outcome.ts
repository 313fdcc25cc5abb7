import { InvalidInput } from '../kernel/errors.ts';
import { type JsonObject, parseJsonObject } from '../kernel/json-document.ts';
import { storableText } from '../kernel/well-formed-json.ts';

export const MAX_RUN_OUTPUT_BYTES = 256 * 1024;
export const MAX_ERROR_MESSAGE_LENGTH = 4000;

/** Why an attempt failed: reported by the worker, or `lease_expired` / `timeout` from the server. */
export interface RunFailure {
  readonly message: string;
  readonly code?: string;
  /**
   * With `code: "provider_error"` (an agent run, set by the server): the model provider's HTTP status, null
   * when no answer came (refused address, failed connection, timeout).
   */
  readonly status?: number | null;
}

/** What the worker holding a run reports when it is done with an attempt. */
export interface Outcome {
  readonly status: 'succeeded' | 'failed';
  readonly output?: unknown;
  readonly error?: RunFailure;
  /** The attempt failed but another may succeed: the run is queued again while attempts remain. */
  readonly retryable?: boolean;
}

/** The outcome's output and error, validated. */
export function parseOutcome(outcome: Outcome): { output: JsonObject | null; error: RunFailure | null } {
  if (outcome.status === 'succeeded' && (outcome.error !== undefined || outcome.retryable)) {
    throw new InvalidInput('a succeeded run carries no error and is not retryable');
  }
  const output =
    outcome.output === undefined ? null : parseJsonObject(outcome.output, 'output', MAX_RUN_OUTPUT_BYTES);
  return { output, error: outcome.error === undefined ? null : parseFailure(outcome.error) };
}

function parseFailure(error: RunFailure): RunFailure {
  const message = storableText(error.message, 'error.message').trim();
  if (error.code !== undefined) storableText(error.code, 'error.code');
  if (message.length === 0 || message.length > MAX_ERROR_MESSAGE_LENGTH) {
    throw new InvalidInput(`error.message must be 1 to ${MAX_ERROR_MESSAGE_LENGTH} characters`);
  }
  const status = providerStatus(error.status);
  return {
    ...(error.code === undefined ? {} : { code: error.code }),
    message,
    ...(status === undefined ? {} : { status }),
  };
}

function providerStatus(status: unknown): number | null | undefined {
  if (status === null) return null;
  return Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599
    ? (status as number)
    : undefined;
}
