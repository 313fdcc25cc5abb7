import { InvalidInput } from './errors.ts';
import { storableText } from './well-formed-json.ts';

/**
 * What no name may hold: control characters, the bidirectional controls that reorder what is shown
 * (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: "Trojan Source" spoofing), and the invisible
 * zero-width characters (U+200B-U+200D, U+2060, U+FEFF) that make two names look alike.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

/** A name as stored and shown: trimmed, 1 to `max` characters, none of them unshowable. */
export function parseName(value: string, field: string, max: number): string {
  const name = storableText(value, field).trim();
  if (name.length === 0 || name.length > max || UNSHOWABLE.test(name)) {
    throw new InvalidInput(
      `${field} must be 1 to ${max} printable characters, without bidirectional or zero-width controls`,
    );
  }
  return name;
}

/** The same rule for an optional name (a display name): empty is allowed. */
export function hasUnshowable(value: string): boolean {
  return UNSHOWABLE.test(value);
}
