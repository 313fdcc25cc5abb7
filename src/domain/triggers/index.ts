// What later areas use of the triggers area's domain: they import it from here only (`make layers`).

export { DELIVERY_STATUSES, type Delivery, type DeliverySummary } from './delivery.ts';
export { TRIGGER_SIGNATURE_SCHEMES, type TriggerSignatureScheme } from './signature-schemes.ts';
export type { Trigger } from './trigger.ts';
