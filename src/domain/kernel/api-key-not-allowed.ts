import { errorClass } from './errors.ts';

/** A route of a person's own account or login sessions, called with an API key. */
export class ApiKeyNotAllowed extends errorClass(
  'forbidden',
  'api_key_not_allowed',
  'an API key cannot do this: it is for people signed in with an access token',
) {}
