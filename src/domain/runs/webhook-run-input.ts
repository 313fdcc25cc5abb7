import { isJsonTextTooDeep } from '../kernel/well-formed-json.ts';

/** A request's query string: each name with its value, or its values when it repeats. */
export type QueryValues = Readonly<Record<string, string | readonly string[]>>;

/** What a webhook run shows as its input: the delivery as the mission sees it. */
export interface WebhookRunInput {
  readonly [key: string]: unknown;
  /**
   * Parsed JSON for a JSON content type whose body parses and nests at most MAX_JSON_DEPTH levels; else the
   * text when the body is UTF-8; else base64 of the bytes; null once the body was purged after the retention
   * period.
   */
  readonly body: unknown;
  readonly content_type: string | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly query: QueryValues;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Builds a webhook run's input from its stored delivery, over the exact stored (verified) bytes. JSON.parse
 * keeps `__proto__` as an ordinary own key and nothing here merges the parsed value into another object, so
 * a hostile body cannot reach a prototype.
 */
export function webhookRunInput(delivery: {
  readonly body: Uint8Array | null;
  readonly contentType: string | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly query: QueryValues;
}): WebhookRunInput {
  return {
    body: decodeBody(delivery.body, delivery.contentType),
    content_type: delivery.contentType,
    headers: delivery.headers,
    query: delivery.query,
  };
}

export function decodeBody(body: Uint8Array | null, contentType: string | null): unknown {
  if (body === null) return null;
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('base64');
  }
  // A body nested deeper than the bound is kept (its bytes are what was signed) and shown as text: parsed, it
  // could not be written back out, and every read of its run would fail.
  if (contentType !== null && JSON_TYPE.test(contentType) && !isJsonTextTooDeep(text)) {
    try {
      // RFC 8259 lets a parser ignore a byte order mark; the stored bytes keep it.
      return JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
    } catch {
      // not JSON after all: shown as text
    }
  }
  return text;
}
