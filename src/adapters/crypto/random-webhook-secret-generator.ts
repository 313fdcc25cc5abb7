import { randomBytes } from 'node:crypto';
import type { WebhookSecretGenerator } from '../../application/ports/webhook-secret-generator.ts';

const SECRET_BYTES = 32;
const PATH_BYTES = 16;

/** Secrets and paths from the CSPRNG: 256-bit secrets (`whsec_` + 43 base64url), 128-bit paths (22 chars). */
export class RandomWebhookSecretGenerator implements WebhookSecretGenerator {
  newSigningSecret(): string {
    return `whsec_${randomBytes(SECRET_BYTES).toString('base64url')}`;
  }

  newWebhookPath(): string {
    return randomBytes(PATH_BYTES).toString('base64url');
  }
}
