// What later areas use of the triggers area's application: they import it from here only (`make layers`).
export type { WebhookSecretGenerator } from './ports/webhook-secret-generator.ts';
