import type { TriggerSignatureScheme } from '../../../domain/triggers/signature-schemes.ts';

/** Random credentials of webhooks (triggers and outbound endpoints). */
export interface WebhookSecretGenerator {
  /**
   * A new signing secret of 32 random bytes behind `whsec_`: in standard base64 for `standard-webhooks`
   * (whose key is the decoded bytes), in base64url for every other scheme (keyed with the string's bytes).
   */
  newSigningSecret(scheme: TriggerSignatureScheme): string;
  /** A new unguessable webhook path: at least 128 random bits, 8 to 128 characters of `[A-Za-z0-9_-]`. */
  newWebhookPath(): string;
}
