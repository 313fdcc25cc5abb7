// What later areas use of the triggers area's application: they import it from here only (`make layers`).

export type { CreateTrigger } from './create-trigger.ts';
export type { TriggerRepository } from './ports/trigger-repository.ts';
export type { WebhookSecretGenerator } from './ports/webhook-secret-generator.ts';
export type { DeliveryReceipt } from './receive-delivery.ts';
export type { UpdateTrigger } from './update-trigger.ts';
