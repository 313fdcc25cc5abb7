import { InvalidInput } from './errors.ts';

/**
 * How many levels of arrays and objects the service takes in or shows. JSON.parse nests far deeper than
 * JSON.stringify, PostgreSQL's JSONB or a client's parser can follow; a value past this bound is refused where
 * it comes in, so nothing stored can fail to be written back out.
 */
export const MAX_JSON_DEPTH = 256;

/**
 * Text the service stores as it was sent: no U+0000 (PostgreSQL's `text` and `jsonb` refuse it) and no lone
 * surrogate (UTF-8 cannot encode one: it would be stored as U+FFFD, or refused inside JSONB).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/**
 * `text` itself when it is storable, else InvalidInput naming `field`: the domain's own check, so every
 * driving adapter (HTTP, CLI, jobs) and both persistence families see the same refusal.
 */
export function storableText(text: string, field: string): string {
  if (!isStorableText(text)) throw new InvalidInput(`${field} ${NOT_STORABLE}`);
  return text;
}

/** Where a JSON value breaks a rule (a JSON Pointer, `''` for the whole value) and which. */
export interface IllFormedPart {
  readonly pointer: string;
  readonly problem: string;
}

/**
 * The first part of `value` that breaks a rule: a string or a key that is not storable text, or a value nested
 * deeper than `maxDepth` levels. Undefined when there is none. Every boundary that stores what a client sent
 * (request paths, queries and bodies; forms; JSON documents) checks it here.
 */
export function illFormedPart(value: unknown, maxDepth = MAX_JSON_DEPTH): IllFormedPart | undefined {
  const path: string[] = [];
  const at = (problem: string): IllFormedPart => ({
    pointer: path.map((key) => `/${pointerToken(key)}`).join(''),
    problem,
  });
  const visit = (part: unknown): IllFormedPart | undefined => {
    if (typeof part === 'string') return isStorableText(part) ? undefined : at(NOT_STORABLE);
    if (typeof part !== 'object' || part === null) return undefined;
    // Recursion is safe: it stops `maxDepth` levels down, however deep the value goes.
    if (path.length === maxDepth) return at(`is nested deeper than ${maxDepth} levels`);
    for (const [key, item] of Object.entries(part)) {
      path.push(key);
      if (!isStorableText(key)) return at(NOT_STORABLE);
      const found = visit(item);
      if (found) return found;
      path.pop();
    }
    return undefined;
  };
  return visit(value);
}

const NOT_STORABLE = 'contains U+0000 or a lone surrogate';

/** RFC 6901: `~` and `/` in a key are written `~0` and `~1`. */
const pointerToken = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when JSON text nests arrays and objects more than `maxDepth` levels: a scan of the text, so a body
 * too deep to keep is never built as a value (a few megabytes of `[` would be hundreds of megabytes of arrays).
 */
export function isJsonTextTooDeep(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}
