import type { SecretBox } from '../../../application/ports/secret-box.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { webhookSecretContext } from './postgres-trigger-repository.ts';
import { resealColumns } from './reseal-sealed-values.ts';

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
