// What later areas use of this area's adapters: they import it from here only (`make layers`).

export { signedTestDelivery, TEST_DELIVERY_BODY } from './http/test-delivery.ts';
export { presentTrigger, presentTriggerWithSecret } from './http/trigger-presenters.ts';
export { triggerWithSecret } from './http/trigger-schemas.ts';
export { triggerTables } from './memory/trigger-tables.ts';
