/**
 * A W3C Trace Context `traceparent` (version 00): `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`.
 * What a run was queued under, handed to its worker so the worker's spans join the trace.
 */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * `value` when it is a well-formed traceparent, else null: a malformed one is ignored (W3C Trace Context
 * section 3.2: the receiver starts a new trace), never refused. All-zero ids are invalid.
 */
export function parseTraceparent(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return null;
  const [, traceId, parentId] = match;
  if (/^0+$/.test(traceId as string) || /^0+$/.test(parentId as string)) return null;
  return match[0];
}
