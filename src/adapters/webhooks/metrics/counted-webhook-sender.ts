import type { Metrics } from '../../../application/kernel/ports/metrics.ts';
import type { OutgoingMessage, WebhookSender } from '../../../application/webhooks/ports/webhook-sender.ts';
import type { AttemptResult } from '../../../domain/webhooks/webhook-message.ts';

/**
 * The outbound sender, each attempt counted by outcome (`succeeded`, `http_4xx`, `http_5xx`, `http_other`,
 * `no_answer`: refused, unsafe, timed out) and timed. Never the target URL: it is the workspace's.
 */
export class CountedWebhookSender implements WebhookSender {
  readonly #inner: WebhookSender;
  readonly #attempts;
  readonly #durations;

  constructor(inner: WebhookSender, metrics: Metrics) {
    this.#inner = inner;
    this.#attempts = metrics.counter({
      name: 'outbound_webhook_attempts_total',
      help: 'Outbound webhook delivery attempts, by outcome',
      labelNames: ['outcome'],
    });
    this.#durations = metrics.histogram({
      name: 'outbound_webhook_attempt_duration_seconds',
      help: 'Time an outbound webhook attempt took, connection included',
      labelNames: ['outcome'],
    });
  }

  async send(message: OutgoingMessage): Promise<AttemptResult> {
    const result = await this.#inner.send(message);
    const outcome = outcomeOfAttempt(result.responseStatus);
    this.#attempts.inc({ outcome });
    this.#durations.observe({ outcome }, result.durationMs / 1000);
    return result;
  }
}

function outcomeOfAttempt(status: number | null): string {
  if (status === null) return 'no_answer';
  if (status >= 200 && status < 300) return 'succeeded';
  if (status >= 400 && status < 500) return 'http_4xx';
  if (status >= 500 && status < 600) return 'http_5xx';
  return 'http_other';
}
