import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { resealColumns } from '../../platform/postgres/reseal-sealed-values.ts';
import { webhookSecretContext } from '../../triggers/postgres/postgres-trigger-repository.ts';

/** Master-key rotation for webhook secrets (current and previous), see `resealColumns`. */
export function resealWebhookSecrets(db: PostgresDatabase, from: SecretBox, to: SecretBox) {
  return resealColumns(
    db,
    {
      table: 'triggers',
      key: 'id',
      columns: ['signing_secret_sealed', 'previous_secret_sealed'],
      context: webhookSecretContext,
    },
    from,
    to,
  );
}
