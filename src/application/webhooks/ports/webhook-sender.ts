import type { AttemptResult } from '../../../domain/webhooks/webhook-message.ts';

export interface OutgoingMessage {
  readonly url: string;
  /** `webhook-id`: the same on every attempt. */
  readonly webhookId: string;
  /** `webhook-timestamp`: when this attempt is signed. */
  readonly timestamp: Date;
  /** The exact JSON text sent and signed. */
  readonly body: string;
  /** Each signs the message; all signatures go in `webhook-signature` (a rotation's overlap). */
  readonly secrets: readonly string[];
}

/** Sends one signed attempt of an outbound webhook (Standard Webhooks). */
export interface WebhookSender {
  /**
   * POSTs the message and reports what came of it; never throws (a refused, unsafe or timed-out target is a
   * result with `responseStatus: null` and an `error`). Adapters follow no redirect, give up after 15 s,
   * read at most a small part of the answer, and connect only to addresses their safety policy allows.
   */
  send(message: OutgoingMessage): Promise<AttemptResult>;
}
