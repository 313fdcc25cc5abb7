import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import { AesGcmSecretBox } from '../../platform/crypto/aes-gcm-secret-box.ts';
import { deriveKey } from '../../platform/crypto/master-key.ts';

/**
 * The SecretBox of TOTP secrets: AES-256-GCM like the webhook secrets', under a key of its own (HKDF purpose
 * `totp-secrets`), so the keys that open signing keys or webhook secrets never open a second factor.
 */
export function totpSecretBox(masterKey: Buffer): SecretBox {
  return new AesGcmSecretBox({ masterKey: deriveKey(masterKey, 'totp-secrets') });
}
