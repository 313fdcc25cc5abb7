import type { HttpCall, HttpCaller, HttpCallResult } from '../../application/blueprints/ports/http-caller.ts';
import { guardedRequest } from '../platform/net/guarded-http.ts';
import { ATTEMPT_TIMEOUT_MS, CONNECT_TIMEOUT_MS } from '../webhooks/index.ts';

/** An `http` node reads at most this much of an answer (CONTRACT section 9). */
export const MAX_HTTP_NODE_RESPONSE_BYTES = 1024 * 1024;

/** `http` nodes over the outbound webhooks' `guardedRequest`, with their limits. */
export class GuardedHttpCaller implements HttpCaller {
  readonly #allowPrivate: boolean;

  constructor({ allowPrivate }: { allowPrivate: boolean }) {
    this.#allowPrivate = allowPrivate;
  }

  async call({ method, url, headers, body, timeoutMs }: HttpCall): Promise<HttpCallResult> {
    const sent =
      method === 'GET' || body === undefined ? undefined : Buffer.from(JSON.stringify(body ?? null));
    const answer = await guardedRequest({
      url,
      method,
      allowPrivate: this.#allowPrivate,
      timeoutMs: Math.min(timeoutMs, ATTEMPT_TIMEOUT_MS),
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      maxResponseBytes: MAX_HTTP_NODE_RESPONSE_BYTES,
      keepBody: true,
      body: sent,
      headers: {
        'user-agent': 'platform-api-blueprints/1',
        ...headers,
        ...(sent && { 'content-type': 'application/json', 'content-length': sent.byteLength }),
      },
    });
    if (answer.status === null) return { error: { code: 'http_error', message: answer.error } };
    if (answer.truncated) {
      return { error: { code: 'http_error', message: 'the answer is larger than 1 MiB' } };
    }
    const text = answer.body.toString('utf8');
    const json = /\bjson\b/i.test(answer.headers['content-type'] ?? '');
    let parsed: unknown = text;
    if (json) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: answer.status, headers: answer.headers, body: parsed };
  }
}
