import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import type { RotatingSecret } from '../../../domain/kernel/rotating-secret.ts';

/** The columns a rotating secret is stored in: both secrets sealed, the replaced one's end in clear. */
export interface SealedSecretColumns {
  readonly signing_secret_sealed: string;
  readonly previous_secret_sealed: string | null;
  readonly previous_secret_expires_at: Date | string | null;
}

/**
 * `[signing_secret_sealed, previous_secret_sealed, previous_secret_expires_at]` for `secret`, sealed under
 * `context` (naming the row, so a sealed value copied onto another row does not open there).
 */
export function sealRotatingSecret(
  box: SecretBox,
  context: string,
  secret: RotatingSecret,
): [string, string | null, Date | null] {
  const previous = secret.previousSecret;
  return [
    box.seal(secret.signingSecret, context),
    previous === null ? null : box.seal(previous, context),
    previous === null ? null : secret.previousSecretExpiresAt,
  ];
}

/** The rotating secret stored in `row`, opened under the row's `context`. */
export function openRotatingSecret(
  box: SecretBox,
  context: string,
  row: SealedSecretColumns,
): RotatingSecret {
  return {
    signingSecret: box.open(row.signing_secret_sealed, context),
    previousSecret:
      row.previous_secret_sealed === null ? null : box.open(row.previous_secret_sealed, context),
    previousSecretExpiresAt:
      row.previous_secret_expires_at === null ? null : new Date(row.previous_secret_expires_at),
  };
}

/** The columns a versioned row holding a rotating secret ends with (triggers, outbound endpoints). */
export interface VersionedSecretColumns extends SealedSecretColumns {
  readonly version: number;
  readonly created_at: Date | string;
  readonly updated_at: Date | string;
}

/** The rotating secret of `row` opened under `context`, with the row's version and times. */
export function openVersionedSecret(box: SecretBox, context: string, row: VersionedSecretColumns) {
  return {
    ...openRotatingSecret(box, context, row),
    version: row.version,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * The rotating secret of one kind of row, sealed under `${prefix}:${row id}` (so a sealed value copied onto
 * another row does not open there): its `context`, its sealed columns (`seal`), and the opened row (`open`).
 */
export function rowSecrets(prefix: string) {
  const context = (id: string) => `${prefix}:${id}`;
  return {
    context,
    seal: (box: SecretBox, owner: RotatingSecret & { readonly id: string }) =>
      sealRotatingSecret(box, context(owner.id), owner),
    open: (box: SecretBox, row: VersionedSecretColumns & { readonly id: string }) =>
      openVersionedSecret(box, context(row.id), row),
  };
}
