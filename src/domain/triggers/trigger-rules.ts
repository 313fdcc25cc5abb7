import { InvalidInput } from '../kernel/errors.ts';
import { parseName } from '../kernel/names.ts';

export const MAX_TRIGGER_NAME_LENGTH = 200;
/** CONTRACT section 4: 1 MiB unless the trigger says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const MAX_MAX_BODY_BYTES = 16 * 1024 * 1024;
export const DEFAULT_GRACE_SECONDS = 86_400;
export const MAX_GRACE_SECONDS = 30 * 86_400;

/** A custom webhook path: 8 to 128 characters of `[A-Za-z0-9_-]`. */
export const WEBHOOK_PATH_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/**
 * Paths that would shadow a trigger sub-resource in a URL (`/api/triggers/webhook/deliveries` reads like the
 * deliveries of a trigger whose id is `webhook`), so a custom path may not be one of them.
 */
const RESERVED_PATHS = new Set(['deliveries', 'rotate-secret', 'revoke-previous-secret']);

export function parseTriggerName(value: string): string {
  return parseName(value, 'name', MAX_TRIGGER_NAME_LENGTH);
}

export function isWellFormedWebhookPath(value: string): boolean {
  return WEBHOOK_PATH_PATTERN.test(value);
}

export function parseWebhookPath(value: string): string {
  if (!isWellFormedWebhookPath(value)) {
    throw new InvalidInput('webhook_path must be 8 to 128 characters of A-Z, a-z, 0-9, "_" and "-"');
  }
  if (RESERVED_PATHS.has(value.toLowerCase())) throw new InvalidInput(`webhook_path "${value}" is reserved`);
  return value;
}

/**
 * A custom webhook path is only a readable prefix: the server appends `-` and a random part of at least 128
 * bits, so a custom path is as unguessable as a random one, and asking for a prefix another tenant used (or a
 * deleted trigger's) answers like any other, never "taken". 105 leaves room for `-` and 22 random characters.
 */
export const WEBHOOK_PATH_PREFIX_PATTERN = /^[A-Za-z0-9_-]{8,105}$/;

export function customWebhookPath(prefix: string, randomPart: string): string {
  if (!WEBHOOK_PATH_PREFIX_PATTERN.test(prefix)) {
    throw new InvalidInput('webhook_path must be 8 to 105 characters of A-Z, a-z, 0-9, "_" and "-"');
  }
  return parseWebhookPath(`${prefix}-${randomPart}`);
}

export function parseMaxBodyBytes(value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_MAX_BODY_BYTES) {
    throw new InvalidInput(`max_body_bytes must be an integer from 1 to ${MAX_MAX_BODY_BYTES}`);
  }
  return value;
}

export function parseGraceSeconds(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > MAX_GRACE_SECONDS) {
    throw new InvalidInput(`grace_seconds must be an integer from 0 to ${MAX_GRACE_SECONDS}`);
  }
  return value;
}
