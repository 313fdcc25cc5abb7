import type { OutgoingMessage, WebhookSender } from '../../application/webhooks/ports/webhook-sender.ts';
import type { AttemptResult } from '../../domain/webhooks/webhook-message.ts';
import { guardedRequest } from '../platform/net/guarded-http.ts';
import { standardWebhooksSignature } from './standard-webhooks-signature.ts';

/** Success is a 2xx within this time (CONTRACT section 8). */
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** A target that does not accept the connection within this time fails the attempt at once. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** What is read of an answer at most: its status decides, its body is never kept. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SenderOptions {
  /** OUTBOUND_WEBHOOKS_ALLOW_PRIVATE: for local testing only. */
  readonly allowPrivate: boolean;
  readonly timeoutMs?: number;
  readonly connectTimeoutMs?: number;
  readonly userAgent?: string;
}

/**
 * Standard Webhooks over `guardedRequest` (the address policy checked at connect time, no redirects: a 3xx
 * is a failed attempt).
 */
export class NodeHttpWebhookSender implements WebhookSender {
  readonly #allowPrivate: boolean;
  readonly #timeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #userAgent: string;

  constructor({
    allowPrivate,
    timeoutMs = ATTEMPT_TIMEOUT_MS,
    connectTimeoutMs = CONNECT_TIMEOUT_MS,
    userAgent = 'platform-api-webhooks/1',
  }: SenderOptions) {
    this.#allowPrivate = allowPrivate;
    this.#timeoutMs = timeoutMs;
    this.#connectTimeoutMs = connectTimeoutMs;
    this.#userAgent = userAgent;
  }

  async send(message: OutgoingMessage): Promise<AttemptResult> {
    const attemptedAt = new Date();
    const started = performance.now();
    const seconds = Math.floor(message.timestamp.getTime() / 1000);
    const body = Buffer.from(message.body);
    const answer = await guardedRequest({
      url: message.url,
      method: 'POST',
      allowPrivate: this.#allowPrivate,
      timeoutMs: this.#timeoutMs,
      connectTimeoutMs: this.#connectTimeoutMs,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      // Enough: the status is all that counts.
      keepBody: false,
      body,
      headers: {
        'content-type': 'application/json',
        'content-length': body.byteLength,
        'user-agent': this.#userAgent,
        'webhook-id': message.webhookId,
        'webhook-timestamp': String(seconds),
        'webhook-signature': standardWebhooksSignature(
          message.secrets,
          message.webhookId,
          seconds,
          message.body,
        ),
      },
    });
    return {
      attemptedAt,
      durationMs: Math.round(performance.now() - started),
      responseStatus: answer.status,
      error: answer.status === null ? answer.error : null,
    };
  }
}
