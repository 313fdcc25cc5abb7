import type { Logger } from 'pino';
import type { AttemptWebhookMessage } from '../../application/webhooks/attempt-webhook-message.ts';
import type { ClaimWebhookMessages } from '../../application/webhooks/claim-webhook-messages.ts';
import type { LeasedMessage } from '../../application/webhooks/ports/webhook-message-repository.ts';
import { type JobHealth, PeriodicJob } from '../platform/system/periodic-job.ts';

export interface DispatchPoolLimits {
  /** Attempts in flight on this instance. */
  readonly concurrency: number;
  readonly perEndpoint: number;
  readonly perWorkspace: number;
}

/** Counts per key, dropping keys that reach zero. */
class Counts {
  readonly #counts = new Map<string, number>();
  get(key: string): number {
    return this.#counts.get(key) ?? 0;
  }
  add(key: string, by: number): void {
    const next = this.get(key) + by;
    if (next <= 0) this.#counts.delete(key);
    else this.#counts.set(key, next);
  }
  atLeast(limit: number): string[] {
    return [...this.#counts].filter(([, count]) => count >= limit).map(([key]) => key);
  }
}

/**
 * Works through the outbound webhook outbox as a pool: up to `concurrency` attempts in flight, the next one
 * started as soon as one ends (not rounds awaited together), at most `perEndpoint` per endpoint and
 * `perWorkspace` per workspace, so endpoints that never answer hold only their own slots and another
 * workspace's message starts at once. Claims ask only for free slots, skipping saturated endpoints and
 * workspaces, and the claim orders workspaces fairly (see WebhookMessageRepository.claimDue). Every
 * `intervalMs` it looks for due messages again; safe with several instances on one database (leases).
 */
export class WebhookDispatcher {
  readonly #job: PeriodicJob<number>;
  readonly #deps: {
    claimWebhookMessages: ClaimWebhookMessages;
    attemptWebhookMessage: AttemptWebhookMessage;
    logger: Logger;
    limits: DispatchPoolLimits;
  };
  readonly #inFlight = new Set<Promise<void>>();
  readonly #endpoints = new Counts();
  readonly #workspaces = new Counts();
  #claiming: Promise<number> | undefined;
  #again = false;
  #stopped = false;

  constructor(deps: {
    claimWebhookMessages: ClaimWebhookMessages;
    attemptWebhookMessage: AttemptWebhookMessage;
    logger: Logger;
    intervalMs: number;
    limits: DispatchPoolLimits;
  }) {
    this.#deps = deps;
    this.#job = new PeriodicJob(() => this.#fill(), deps.intervalMs, 'webhook-dispatcher');
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  health(): JobHealth {
    return this.#job.health();
  }

  start(): void {
    this.#stopped = false;
    this.#job.start();
  }

  /** Stops claiming and waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#job.stop();
    await Promise.allSettled([...this.#inFlight]);
  }

  /** Claims and attempts until nothing is due or in flight; returns the attempts made. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      total += await this.#fill();
      if (this.#inFlight.size === 0) {
        const more = await this.#fill();
        total += more;
        if (more === 0 && this.#inFlight.size === 0) return total;
      }
      await Promise.race(this.#inFlight);
    }
  }

  /** Claims as many messages as there are free slots and starts them; one claim at a time. */
  #fill(): Promise<number> {
    if (this.#claiming) {
      // A slot freed while claiming: claim once more after this one.
      this.#again = true;
      return this.#claiming;
    }
    this.#claiming = this.#claim().finally(() => {
      this.#claiming = undefined;
      if (this.#again && !this.#stopped) {
        this.#again = false;
        void this.#fill();
      }
    });
    return this.#claiming;
  }

  async #claim(): Promise<number> {
    const { limits } = this.#deps;
    const free = limits.concurrency - this.#inFlight.size;
    if (free <= 0 || this.#stopped) return 0;
    let leased: LeasedMessage[];
    try {
      leased = await this.#deps.claimWebhookMessages(free, {
        endpoints: this.#endpoints.atLeast(limits.perEndpoint),
        workspaces: this.#workspaces.atLeast(limits.perWorkspace),
      });
    } catch (error) {
      this.#deps.logger.warn({ err: error }, 'webhook dispatch failed; retrying at the next interval');
      return 0;
    }
    for (const message of leased) this.#start(message);
    return leased.length;
  }

  #start(leased: LeasedMessage): void {
    const { endpointId, workspaceId } = leased.message;
    this.#endpoints.add(endpointId, 1);
    this.#workspaces.add(workspaceId, 1);
    const attempt: Promise<void> = this.#deps
      .attemptWebhookMessage(leased)
      .catch((error: unknown) => {
        // Its lease runs out and the message is attempted again.
        this.#deps.logger.warn({ err: error, messageId: leased.message.id }, 'webhook attempt not recorded');
      })
      .finally(() => {
        this.#inFlight.delete(attempt);
        this.#endpoints.add(endpointId, -1);
        this.#workspaces.add(workspaceId, -1);
        // A slot is free: the next due message starts now, not at the next interval.
        if (!this.#stopped) void this.#fill();
      });
    this.#inFlight.add(attempt);
  }
}
