import type { OutgoingMessage, WebhookSender } from '../../src/application/webhooks/ports/webhook-sender.ts';
import type { AttemptResult } from '../../src/domain/webhooks/webhook-message.ts';

/** Records every message sent and answers with the statuses a test queues (200 once they run out). */
export class RecordingWebhookSender implements WebhookSender {
  readonly sent: OutgoingMessage[] = [];
  readonly #answers: (number | null)[] = [];

  answerWith(...statuses: (number | null)[]): void {
    this.#answers.push(...statuses);
  }

  async send(message: OutgoingMessage): Promise<AttemptResult> {
    this.sent.push(message);
    const status = this.#answers.length > 0 ? (this.#answers.shift() as number | null) : 200;
    return {
      attemptedAt: message.timestamp,
      durationMs: 3,
      responseStatus: status,
      error: status === null ? 'connection failed: ECONNREFUSED' : null,
    };
  }
}
