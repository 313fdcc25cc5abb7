// What later areas use of this area's adapters: they import it from here only (`make layers`).
export { apiKeyTables } from './memory/api-key-tables.ts';
