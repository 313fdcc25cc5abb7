/**
 * A signing secret that can be rotated: after a rotation the replaced one stays in use until
 * `previousSecretExpiresAt` (a trigger's grace, an outbound endpoint's 24 h overlap), so the other side can
 * switch without a message being refused.
 */
export interface RotatingSecret {
  readonly signingSecret: string;
  readonly previousSecret: string | null;
  readonly previousSecretExpiresAt: Date | null;
}

/** The secrets in use at `now`: the current one, then the replaced one while it still counts. */
export function secretsInUse(secret: RotatingSecret, now: Date): string[] {
  const { signingSecret, previousSecret, previousSecretExpiresAt } = secret;
  const stillValid =
    previousSecret !== null && previousSecretExpiresAt !== null && now < previousSecretExpiresAt;
  return stillValid ? [signingSecret, previousSecret] : [signingSecret];
}
