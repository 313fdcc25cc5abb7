import type { IncomingHttpHeaders } from 'node:http';

const MAX_HEADERS = 64;
const MAX_VALUE_LENGTH = 2048;
/** Kept besides every `x-*` header: what tells a mission what it received. */
const KEPT = new Set(['content-type', 'user-agent', 'idempotency-key']);
/**
 * Never kept, so that neither the delivery log nor a run's input holds a credential or a presented
 * signature: the sender's (`X-Signature`, `X-Hub-Signature-256`, ...) or anyone's tokens and keys.
 */
const SENSITIVE = /signature|secret|token|passw|auth|cookie|session|key|credential|forwarded|real-ip/i;

/** The headers stored with an accepted delivery and shown to its run, names in lower case. */
export function keptHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (count >= MAX_HEADERS || value === undefined) continue;
    const wanted = KEPT.has(name) || (name.startsWith('x-') && !SENSITIVE.test(name));
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (!wanted || text.length > MAX_VALUE_LENGTH) continue;
    kept[name] = text;
    count++;
  }
  return kept;
}
