import type { SecretBox } from '../../../application/ports/secret-box.ts';
import type { Orm } from './orm.ts';
import { signingKeyContext } from './postgres-signing-keys.ts';
import { resealColumns } from './reseal-sealed-values.ts';

/** Master-key rotation for the access-token signing keys' private parts, see `resealColumns`. */
export function resealSigningKeys(orm: Orm, from: SecretBox, to: SecretBox) {
  return resealColumns(
    orm,
    { table: 'signing_keys', key: 'kid', columns: ['private_key_encrypted'], context: signingKeyContext },
    from,
    to,
  );
}
