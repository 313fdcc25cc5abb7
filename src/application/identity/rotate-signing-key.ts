import type { AuditLog } from '../audit/index.ts';
import type { SigningKeys } from './ports/signing-keys.ts';

export type RotateSigningKey = () => Promise<string>;

/** Makes a new access-token signing key current; tokens of the previous key stay valid until they expire. */
export function makeRotateSigningKey(deps: {
  signingKeys: SigningKeys;
  auditLog: AuditLog;
}): RotateSigningKey {
  return async () => {
    const kid = await deps.signingKeys.rotate();
    await deps.auditLog.record({ type: 'signing_key_rotated', details: { kid } });
    return kid;
  };
}
