import type { JsonObject } from '../kernel/json-document.ts';
import type { WebhookEventType } from './webhook-event-types.ts';

/**
 * Svix's schedule, which Standard Webhooks receivers expect (CONTRACT section 8): the waits before each retry
 * after a failed attempt; once they are used up the message is `failed`.
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

export const MESSAGE_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What one try to hand a message to its endpoint came to. */
export interface AttemptResult {
  readonly attemptedAt: Date;
  readonly durationMs: number;
  /** The receiver's status code; null when no answer came (refused, timed out, reset). */
  readonly responseStatus: number | null;
  /** Why no acceptable answer came, in words safe to show the workspace (never a secret). */
  readonly error: string | null;
}

export interface DeliveryAttempt extends AttemptResult {
  readonly id: string;
  readonly messageId: string;
  readonly outcome: 'succeeded' | 'failed';
}

export interface WebhookMessageProps {
  readonly id: string;
  readonly endpointId: string;
  readonly workspaceId: string;
  readonly eventType: WebhookEventType;
  /** The body sent, the same on every attempt: `{type, timestamp, data}`. */
  readonly payload: JsonObject;
  readonly status: MessageStatus;
  /** Failed attempts since the message was (re)sent: the position in the retry schedule. */
  readonly failedAttempts: number;
  /** When the next attempt is due; null once delivered or failed. */
  readonly nextAttemptAt: Date | null;
  readonly createdAt: Date;
}

/** One event for one endpoint, kept in the outbox until it is delivered or its retries run out. */
export class WebhookMessage {
  id!: string;
  endpointId!: string;
  workspaceId!: string;
  eventType!: WebhookEventType;
  payload!: JsonObject;
  status!: MessageStatus;
  failedAttempts!: number;
  nextAttemptAt!: Date | null;
  createdAt!: Date;

  constructor(props: WebhookMessageProps) {
    Object.assign(this, props);
  }

  static create(
    props: Omit<WebhookMessageProps, 'status' | 'failedAttempts' | 'nextAttemptAt'>,
  ): WebhookMessage {
    return new WebhookMessage({
      ...props,
      status: 'pending',
      failedAttempts: 0,
      nextAttemptAt: props.createdAt,
    });
  }

  /**
   * The `webhook-id` header: the same on every attempt and resend, so receivers can drop repeats.
   */
  get webhookId(): string {
    return `msg_${this.id}`;
  }

  /**
   * Records an attempt: a 2xx delivers the message; a 410 fails it at once (the endpoint is gone); anything
   * else waits for the next step of `schedule`, or fails the message once the schedule is used up.
   */
  recordAttempt(result: AttemptResult, schedule: readonly number[]): 'succeeded' | 'failed' {
    const status = result.responseStatus;
    if (status !== null && status >= 200 && status < 300) {
      this.#settle('delivered');
      return 'succeeded';
    }
    this.failedAttempts += 1;
    const wait = status === 410 ? undefined : schedule[this.failedAttempts - 1];
    if (wait === undefined) this.#settle('failed');
    else this.nextAttemptAt = new Date(result.attemptedAt.getTime() + wait * 1000);
    return 'failed';
  }

  /** Sends the message again from the start of the schedule, whatever became of it. */
  resend(now: Date): void {
    this.status = 'pending';
    this.failedAttempts = 0;
    this.nextAttemptAt = now;
  }

  #settle(status: 'delivered' | 'failed'): void {
    this.status = status;
    this.nextAttemptAt = null;
  }
}

/** Whether an answer says the endpoint is gone for good (the endpoint is then disabled). */
export function isGone(result: AttemptResult): boolean {
  return result.responseStatus === 410;
}
