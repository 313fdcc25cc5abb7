/** What one e-mail says and to whom: plain text and HTML renderings of the same message. */
export interface EmailContent {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Waits before each retry of a failed send; after the last one the e-mail is given up. */
export const DEFAULT_EMAIL_RETRY_SCHEDULE_SECONDS: readonly number[] = [10, 60, 300, 1800, 7200];

export type OutgoingEmailStatus = 'pending' | 'sent' | 'failed';

export interface OutgoingEmailProps {
  readonly id: string;
  /** Null once the e-mail is sent or given up: links in it (tokens) are kept no longer than needed. */
  readonly content: EmailContent | null;
  readonly status: OutgoingEmailStatus;
  readonly failedAttempts: number;
  readonly nextAttemptAt: Date | null;
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly sentAt: Date | null;
}

/** An e-mail in the outbox: stored with the change that causes it, sent after that change commits. */
export class OutgoingEmail {
  id!: string;
  content!: EmailContent | null;
  status!: OutgoingEmailStatus;
  failedAttempts!: number;
  nextAttemptAt!: Date | null;
  lastError!: string | null;
  createdAt!: Date;
  sentAt!: Date | null;

  constructor(props: OutgoingEmailProps) {
    Object.assign(this, props);
  }

  static queue(id: string, content: EmailContent, now: Date): OutgoingEmail {
    return new OutgoingEmail({
      id,
      content,
      status: 'pending',
      failedAttempts: 0,
      nextAttemptAt: now,
      lastError: null,
      createdAt: now,
      sentAt: null,
    });
  }

  recordSent(now: Date): void {
    Object.assign(this, { status: 'sent', content: null, nextAttemptAt: null, sentAt: now, lastError: null });
  }

  /** Schedules the next try, or gives up (erasing the content) once `retryScheduleSeconds` is spent. */
  recordFailure(error: string, now: Date, retryScheduleSeconds: readonly number[]): void {
    const wait = retryScheduleSeconds[this.failedAttempts];
    this.failedAttempts += 1;
    this.lastError = error.slice(0, 500);
    if (wait === undefined) {
      Object.assign(this, { status: 'failed', content: null, nextAttemptAt: null });
      return;
    }
    this.nextAttemptAt = new Date(now.getTime() + wait * 1000);
  }
}
