import { DomainError } from '../kernel/errors.ts';

/** The one answer to every failed login: unknown user, wrong password and disabled account look alike. */
export class InvalidCredentials extends DomainError {
  constructor() {
    super('unauthenticated', 'invalid_credentials', 'the username or e-mail and password do not match');
  }
}

/** No credentials at all were presented. */
export class Unauthenticated extends DomainError {
  constructor() {
    super('unauthenticated', 'unauthorized', 'this action needs an access token');
  }
}

export class InvalidToken extends DomainError {
  constructor(message = 'the access token is invalid') {
    super('unauthenticated', 'invalid_token', message);
  }
}

export class TokenExpired extends DomainError {
  constructor() {
    super('unauthenticated', 'token_expired', 'the access token has expired; refresh it or log in again');
  }
}

/** A refresh token that is unknown, expired, revoked, or was already rotated (reuse). */
export class InvalidRefreshToken extends DomainError {
  constructor() {
    super('unauthenticated', 'invalid_token', 'the refresh token is invalid, expired or revoked');
  }
}
