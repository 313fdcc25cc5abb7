import { InvalidInput } from './errors.ts';
import { illFormedPart } from './well-formed-json.ts';

/** A JSON object as stored in a JSONB column (mission definitions, run input and output). */
export type JsonObject = { readonly [key: string]: unknown };

const encoder = new TextEncoder();

/** Bytes of the compact JSON text of `value`. */
export function jsonByteLength(value: unknown): number {
  return encoder.encode(JSON.stringify(value) ?? '').byteLength;
}

/**
 * `value` when it is a plain JSON object, well formed (well-formed-json.ts), of at most `maxBytes` (compact
 * JSON); else InvalidInput naming `what`.
 */
export function parseJsonObject(value: unknown, what: string, maxBytes: number): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidInput(`${what} must be a JSON object`);
  }
  const illFormed = illFormedPart(value);
  if (illFormed) throw new InvalidInput(`${what}${illFormed.pointer} ${illFormed.problem}`);
  if (jsonByteLength(value) > maxBytes)
    throw new InvalidInput(`${what} must be at most ${maxBytes} bytes of JSON`);
  return value as JsonObject;
}
