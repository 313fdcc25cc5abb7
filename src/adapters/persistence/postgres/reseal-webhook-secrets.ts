import type { SecretBox } from '../../../application/ports/secret-box.ts';
import { boundQuery } from './bound-query.ts';
import type { Orm } from './orm.ts';
import { webhookSecretContext } from './postgres-trigger-repository.ts';

interface SealedRow {
  readonly id: string;
  readonly signing_secret_sealed: string;
  readonly previous_secret_sealed: string | null;
}

/**
 * Master-key rotation for webhook secrets: opens every trigger's sealed secrets with `from` and seals them
 * again with `to`, in one transaction (all or nothing, rows locked meanwhile). Rows already sealed under
 * `to` are left alone, so a second run after an interruption is harmless; rows neither key opens are left
 * alone and counted as `unreadable`.
 */
export async function resealWebhookSecrets(
  orm: Orm,
  from: SecretBox,
  to: SecretBox,
): Promise<{ resealed: number; unreadable: number }> {
  return orm.em.fork().transactional(async () => {
    const rows = await boundQuery<SealedRow>(
      orm,
      `select id, signing_secret_sealed, previous_secret_sealed from triggers
        where signing_secret_sealed is not null for update`,
      [],
    );
    let resealed = 0;
    let unreadable = 0;
    for (const row of rows) {
      const context = webhookSecretContext(row.id);
      if (opens(to, row.signing_secret_sealed, context)) continue;
      if (!opens(from, row.signing_secret_sealed, context)) {
        unreadable++;
        continue;
      }
      const reseal = (sealed: string) => to.seal(from.open(sealed, context), context);
      await boundQuery(
        orm,
        'update triggers set signing_secret_sealed = $1, previous_secret_sealed = $2 where id = $3',
        [
          reseal(row.signing_secret_sealed),
          row.previous_secret_sealed === null ? null : reseal(row.previous_secret_sealed),
          row.id,
        ],
      );
      resealed++;
    }
    return { resealed, unreadable };
  });
}

function opens(box: SecretBox, sealed: string, context: string): boolean {
  try {
    box.open(sealed, context);
    return true;
  } catch {
    return false;
  }
}
