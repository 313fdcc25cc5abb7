import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { resealColumns } from '../../platform/postgres/reseal-sealed-values.ts';
import { providerKeyContext } from './postgres-provider-account-repository.ts';

/** Master-key rotation for the model providers' API keys, see `resealColumns`. */
export function resealProviderKeys(db: PostgresDatabase, from: SecretBox, to: SecretBox) {
  return resealColumns(
    db,
    { table: 'model_providers', key: 'id', columns: ['api_key_sealed'], context: providerKeyContext },
    from,
    to,
  );
}
