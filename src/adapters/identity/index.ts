// What later areas use of the identity area's adapters: they import it from here only (`make layers`).
export { apiKeyRole } from './http/auth-schemas.ts';
export {
  type CookieSettings,
  clearCookie,
  isSecureRequest,
  readCookie,
  writeCookie,
} from './http/cookies.ts';
export { identityTables } from './memory/identity-tables.ts';
