import type { SecretBox } from '../../../application/kernel/ports/secret-box.ts';
import { AesGcmSecretBox } from '../../platform/crypto/aes-gcm-secret-box.ts';
import { deriveKey } from '../../platform/crypto/master-key.ts';

/**
 * The SecretBox of webhook signing secrets: AES-256-GCM under a key of its own (HKDF purpose
 * `webhook-secrets`), so the key that opens access-token signing keys never opens webhook secrets.
 */
export function webhookSecretBox(masterKey: Buffer): SecretBox {
  return new AesGcmSecretBox({ masterKey: deriveKey(masterKey, 'webhook-secrets') });
}
