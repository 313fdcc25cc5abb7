import { InvalidInput } from '../kernel/errors.ts';

export const MIN_PASSWORD_BYTES = 8;
/** Longer passwords are refused before any hashing: hashing megabytes is a denial of service. */
export const MAX_PASSWORD_BYTES = 1024;

const encoder = new TextEncoder();

export function passwordByteLength(password: string): number {
  return encoder.encode(password).byteLength;
}

export function assertPasswordLength(password: string): void {
  const bytes = passwordByteLength(password);
  if (bytes < MIN_PASSWORD_BYTES)
    throw new InvalidInput(`password must be at least ${MIN_PASSWORD_BYTES} bytes`);
  if (bytes > MAX_PASSWORD_BYTES)
    throw new InvalidInput(`password must be at most ${MAX_PASSWORD_BYTES} bytes`);
}

/**
 * The rule for a password being set (registration, change, reset; sign-in only checks the upper bound):
 * within the length bounds, and not a common one. `isCommon` is the answer of a look-up the use case makes.
 */
export function assertAcceptablePassword(password: string, isCommon: boolean): void {
  assertPasswordLength(password);
  if (isCommon) throw new InvalidInput('password is too common; choose another');
}
