import type { SecretBox } from '../../../application/ports/secret-box.ts';
import { signingKeyContext } from '../../../application/ports/signing-key-store.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { resealColumns } from './reseal-sealed-values.ts';

/** Master-key rotation for the access-token signing keys' private parts, see `resealColumns`. */
export function resealSigningKeys(db: PostgresDatabase, from: SecretBox, to: SecretBox) {
  return resealColumns(
    db,
    { table: 'signing_keys', key: 'kid', columns: ['private_key_encrypted'], context: signingKeyContext },
    from,
    to,
  );
}
