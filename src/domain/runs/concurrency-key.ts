import { valueAt } from '../kernel/json-pointer.ts';
import type { RunPolicy } from '../missions/index.ts';

/** Key values are stored and indexed: a longer JSON text keeps its start and a hash of the whole. */
const MAX_KEY_LENGTH = 200;

/**
 * The concurrency group of a run queued under `policy`: null when the mission has no cap; `""` when the cap
 * is for the whole mission, or the input has no value at the key's pointer (those runs share one group);
 * else the JSON text of the value (so `42` and `"42"` are different keys). `input` is read only when needed.
 */
export function concurrencyKeyOf(policy: RunPolicy, input: () => unknown): string | null {
  if (policy.concurrencyLimit === null) return null;
  if (policy.concurrencyKey === null) return '';
  const value = valueAt(input(), policy.concurrencyKey);
  if (value === undefined) return '';
  const text = JSON.stringify(value);
  if (text.length <= MAX_KEY_LENGTH) return text;
  return `${text.slice(0, MAX_KEY_LENGTH - 17)}#${hash(text)}`;
}

/** cyrb53: a fast 53-bit string hash (not for secrets), as 16 hex digits. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return ((h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0')).slice(0, 16);
}
