export { apiKeyTables } from './memory/api-key-tables.ts';
