import { randomUUID } from 'node:crypto';
import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { EmailOutbox, LeasedEmail } from '../../../application/notifications/ports/email-outbox.ts';
import { type EmailContent, OutgoingEmail } from '../../../domain/notifications/outgoing-email.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

const COLUMNS =
  'id, sealed_content, status, failed_attempts, next_attempt_at, last_error, created_at, sent_at';

interface EmailRow {
  id: string;
  sealed_content: string | null;
  status: OutgoingEmail['status'];
  failed_attempts: number;
  next_attempt_at: Date | string | null;
  last_error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

/**
 * The e-mail outbox in PostgreSQL. The content is sealed (it carries single-use links) under a context naming
 * the row. Claims lock due rows with FOR UPDATE SKIP LOCKED and stamp a lease in one statement, so dispatchers
 * on any number of instances lease disjoint sets; an outcome is stored only under its lease.
 */
export class PostgresEmailOutbox implements EmailOutbox {
  readonly #db: PostgresDatabase;
  readonly #box: SecretBox;

  constructor({ db, secretBox }: { db: PostgresDatabase; secretBox: SecretBox }) {
    this.#db = db;
    this.#box = secretBox;
  }

  async add(email: OutgoingEmail): Promise<void> {
    await this.#db.query(`insert into email_outbox (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      email.id,
      this.#seal(email),
      email.status,
      email.failedAttempts,
      email.nextAttemptAt,
      email.lastError,
      email.createdAt,
      email.sentAt,
    ]);
  }

  async claimDue(
    now: Date,
    { limit, leaseSeconds }: { limit: number; leaseSeconds: number },
  ): Promise<LeasedEmail[]> {
    const lease = randomUUID();
    const rows = await this.#db.query<EmailRow>(
      `with due as (
           select id from email_outbox
            where status = 'pending' and next_attempt_at <= $1 and (leased_until is null or leased_until <= $1)
            order by next_attempt_at
            limit $2
            for update skip locked)
         update email_outbox o
            set lease_token = $3, leased_until = $1::timestamptz + make_interval(secs => $4)
           from due where o.id = due.id
         returning ${COLUMNS.split(', ')
           .map((c) => `o.${c}`)
           .join(', ')}`,
      [now, limit, lease, leaseSeconds],
    );
    return rows.map((row) => ({ email: this.#toEmail(row), lease }));
  }

  async record(email: OutgoingEmail, lease: string): Promise<boolean> {
    const rows = await this.#db.query<{ id: string }>(
      `update email_outbox
          set sealed_content = $3, status = $4, failed_attempts = $5, next_attempt_at = $6, last_error = $7,
              sent_at = $8, lease_token = null, leased_until = null
        where id = $1 and lease_token = $2
        returning id`,
      [
        email.id,
        lease,
        this.#seal(email),
        email.status,
        email.failedAttempts,
        email.nextAttemptAt,
        email.lastError,
        email.sentAt,
      ],
    );
    return rows.length > 0;
  }

  async findById(id: string): Promise<OutgoingEmail | undefined> {
    const [row] = await this.#db.query<EmailRow>(`select ${COLUMNS} from email_outbox where id = $1`, [id]);
    return row && this.#toEmail(row);
  }

  #seal(email: OutgoingEmail): string | null {
    return email.content && this.#box.seal(JSON.stringify(email.content), emailContext(email.id));
  }

  #toEmail(row: EmailRow): OutgoingEmail {
    const content =
      row.sealed_content === null
        ? null
        : (JSON.parse(this.#box.open(row.sealed_content, emailContext(row.id))) as EmailContent);
    return new OutgoingEmail({
      id: row.id,
      content,
      status: row.status,
      failedAttempts: row.failed_attempts,
      nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at),
      lastError: row.last_error,
      createdAt: new Date(row.created_at),
      sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    });
  }
}

/** The associated data of an e-mail's sealed content: it opens only on its own row. */
export const emailContext = (id: string) => `email:${id}`;
