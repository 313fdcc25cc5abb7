import { errorClass } from '../kernel/errors.ts';

/** The one answer to every failed login: unknown user, wrong password and disabled account look alike. */
export class InvalidCredentials extends errorClass(
  'unauthenticated',
  'invalid_credentials',
  'the username or e-mail and password do not match',
) {}

/** No credentials at all were presented. */
export class Unauthenticated extends errorClass(
  'unauthenticated',
  'unauthorized',
  'this action needs an access token',
) {}

export class InvalidToken extends errorClass(
  'unauthenticated',
  'invalid_token',
  'the access token is invalid',
) {}

export class TokenExpired extends errorClass(
  'unauthenticated',
  'token_expired',
  'the access token has expired; refresh it or log in again',
) {}

/** A refresh token that is unknown, expired, revoked, or was already rotated (reuse). */
export class InvalidRefreshToken extends errorClass(
  'unauthenticated',
  'invalid_token',
  'the refresh token is invalid, expired or revoked',
) {}
