// What later areas use of this area's adapters: they import it from here only (`make layers`).

export { presentTrigger, presentTriggerWithSecret } from './http/trigger-presenters.ts';
export { triggerWithSecret } from './http/trigger-schemas.ts';
export { triggerTables } from './memory/trigger-tables.ts';
