import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { resealColumns } from '../../platform/postgres/reseal-sealed-values.ts';
import { endpointSecretContext } from './endpoint-rows.ts';

/** Master-key rotation for the outbound endpoints' signing secrets (current and previous), see `resealColumns`. */
export function resealEndpointSecrets(db: PostgresDatabase, from: SecretBox, to: SecretBox) {
  return resealColumns(
    db,
    {
      table: 'webhook_endpoints',
      key: 'id',
      columns: ['signing_secret_sealed', 'previous_secret_sealed'],
      context: endpointSecretContext,
    },
    from,
    to,
  );
}
