import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/** Where sealed values live: constant identifiers only (never user input). */
export interface SealedColumns {
  readonly table: string;
  readonly key: string;
  /** The first column is never null on rows worth re-sealing; the others may be. */
  readonly columns: readonly [string, ...string[]];
  /** The associated data each value was sealed with (it binds a ciphertext to its row). */
  context(key: string): string;
}

/**
 * Master-key rotation: opens every sealed value of `spec` with `from` and seals it again with `to`, in one
 * transaction (joining the caller's; rows locked meanwhile). Rows whose values `to` already opens are left
 * alone, so a second run after an interruption is harmless; rows neither key opens are counted as
 * `unreadable` and left as they are.
 */
export async function resealColumns(
  db: PostgresDatabase,
  spec: SealedColumns,
  from: SecretBox,
  to: SecretBox,
): Promise<{ resealed: number; unreadable: number }> {
  const [first] = spec.columns;
  return db.transaction(async () => {
    const rows = await db.query<Record<string, string | null>>(
      `select ${spec.key}, ${spec.columns.join(', ')} from ${spec.table} where ${first} is not null for update`,
      [],
    );
    let resealed = 0;
    let unreadable = 0;
    for (const row of rows) {
      const context = spec.context(row[spec.key] as string);
      if (opens(to, row[first] as string, context)) continue;
      if (!opens(from, row[first] as string, context)) {
        unreadable++;
        continue;
      }
      const values = spec.columns.map((column) => {
        const sealed = row[column];
        return sealed === null || sealed === undefined ? null : to.seal(from.open(sealed, context), context);
      });
      const assignments = spec.columns.map((column, i) => `${column} = $${i + 1}`).join(', ');
      await db.query(`update ${spec.table} set ${assignments} where ${spec.key} = $${values.length + 1}`, [
        ...values,
        row[spec.key],
      ]);
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
