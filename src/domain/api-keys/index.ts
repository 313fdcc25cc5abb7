// What later areas use of the api-keys area's domain: they import it from here only (`make layers`).

export type { ApiKey } from './api-key.ts';
export { apiKeyPrefix } from './api-key-format.ts';
