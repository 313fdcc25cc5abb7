import type { Logger } from 'pino';
import type { DispatchWebhookMessages } from '../../application/webhooks/dispatch-webhook-messages.ts';

/**
 * Works through the outbound webhook outbox every `intervalMs`: one round at a time, and another at once
 * while rounds come back full. Safe with several instances on one database: each round leases its messages
 * (see WebhookMessageRepository.claimDue). The timer never keeps the process alive.
 */
export class WebhookDispatcher {
  readonly #dispatch: DispatchWebhookMessages;
  readonly #logger: Logger;
  readonly #intervalMs: number;
  readonly #batchSize: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(deps: {
    dispatchWebhookMessages: DispatchWebhookMessages;
    logger: Logger;
    intervalMs: number;
    batchSize: number;
  }) {
    this.#dispatch = deps.dispatchWebhookMessages;
    this.#logger = deps.logger;
    this.#intervalMs = deps.intervalMs;
    this.#batchSize = deps.batchSize;
  }

  /** Starts the periodic rounds (a no-op when the interval is 0 or they already run). */
  start(): void {
    if (this.#intervalMs <= 0 || this.#timer) return;
    this.#timer = setInterval(() => {
      if (!this.#running) void this.drain().catch(() => {});
    }, this.#intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for the round in progress. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => {});
  }

  /** Rounds until one leases fewer than a full batch; returns the attempts made. */
  drain(): Promise<number> {
    this.#running ??= this.#rounds().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #rounds(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const attempts = await this.#dispatch();
        total += attempts;
        if (attempts < this.#batchSize) return total;
      }
    } catch (error) {
      this.#logger.warn({ err: error }, 'webhook dispatch failed; retrying at the next interval');
      throw error;
    }
  }
}
