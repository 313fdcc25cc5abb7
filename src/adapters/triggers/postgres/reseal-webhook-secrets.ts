import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { resealColumns } from '../../platform/postgres/reseal-sealed-values.ts';
import { webhookSecretContext } from './trigger-rows.ts';

/** Master-key rotation for the triggers' webhook (signing) secrets (current and previous), see `resealColumns`. */
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
