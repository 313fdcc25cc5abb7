import { signingKeyContext } from '../../../application/identity/ports/signing-key-store.ts';
import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { resealColumns } from '../../platform/postgres/reseal-sealed-values.ts';

/** Master-key rotation for the access-token signing keys' private parts, see `resealColumns`. */
export function resealSigningKeys(db: PostgresDatabase, from: SecretBox, to: SecretBox) {
  return resealColumns(
    db,
    { table: 'signing_keys', key: 'kid', columns: ['private_key_encrypted'], context: signingKeyContext },
    from,
    to,
  );
}
