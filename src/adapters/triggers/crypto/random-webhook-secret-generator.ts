import { randomBytes } from 'node:crypto';
import type { WebhookSecretGenerator } from '../../../application/triggers/ports/webhook-secret-generator.ts';
import type { TriggerSignatureScheme } from '../../../domain/triggers/signature-schemes.ts';

const SECRET_BYTES = 32;
const PATH_BYTES = 16;

/** Secrets and paths from the CSPRNG: 256-bit secrets, 128-bit paths (22 characters). */
export class RandomWebhookSecretGenerator implements WebhookSecretGenerator {
  newSigningSecret(scheme: TriggerSignatureScheme): string {
    const encoding = scheme === 'standard-webhooks' ? 'base64' : 'base64url';
    return `whsec_${randomBytes(SECRET_BYTES).toString(encoding)}`;
  }

  newWebhookPath(): string {
    return randomBytes(PATH_BYTES).toString('base64url');
  }
}
