// What later areas use of this area's adapters: they import it from here only (`make layers`).
export { triggerTables } from './memory/trigger-tables.ts';
