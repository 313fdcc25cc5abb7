import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { resealColumns } from '../../platform/postgres/reseal-sealed-values.ts';
import { emailContext } from './postgres-email-outbox.ts';

/** Master-key rotation for the content of e-mails still to be sent (sent ones keep none), see `resealColumns`. */
export function resealEmailOutbox(db: PostgresDatabase, from: SecretBox, to: SecretBox) {
  return resealColumns(
    db,
    { table: 'email_outbox', key: 'id', columns: ['sealed_content'], context: emailContext },
    from,
    to,
  );
}
