import { InvalidInput } from '../errors.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

export const MIN_PASSWORD_BYTES = 8;
/** Longer passwords are refused before any hashing: hashing megabytes is a denial of service. */
export const MAX_PASSWORD_BYTES = 1024;

const encoder = new TextEncoder();

export function passwordByteLength(password: string): number {
  return encoder.encode(password).byteLength;
}

/** The rule for a password being set (registration, change); sign-in only checks the length bound. */
export function assertAcceptablePassword(password: string): void {
  const bytes = passwordByteLength(password);
  if (bytes < MIN_PASSWORD_BYTES)
    throw new InvalidInput(`password must be at least ${MIN_PASSWORD_BYTES} bytes`);
  if (bytes > MAX_PASSWORD_BYTES)
    throw new InvalidInput(`password must be at most ${MAX_PASSWORD_BYTES} bytes`);
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw new InvalidInput('password is too common; choose another');
  }
}
