/** Random credentials of webhook triggers. */
export interface WebhookSecretGenerator {
  /** A new signing secret: `whsec_` followed by at least 32 random bytes in base64url. */
  newSigningSecret(): string;
  /** A new unguessable webhook path: at least 128 random bits, 8 to 128 characters of `[A-Za-z0-9_-]`. */
  newWebhookPath(): string;
}
