import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import { TwoFactor } from '../../../domain/identity/two-factor.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { resealColumns } from '../../platform/postgres/reseal-sealed-values.ts';

/** Master-key rotation for the users' TOTP secrets, see `resealColumns`. */
export function resealTotpSecrets(db: PostgresDatabase, from: SecretBox, to: SecretBox) {
  return resealColumns(
    db,
    {
      table: 'user_two_factor',
      key: 'user_id',
      columns: ['sealed_secret'],
      context: TwoFactor.sealingContext,
    },
    from,
    to,
  );
}
