/**
 * What went wrong, in domain words. The HTTP adapter maps each kind to a status once; the `code` is the
 * stable machine-readable string clients switch on.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported'
  | 'rate_limited'
  | 'unavailable';

export interface DomainErrorOptions {
  /** Seconds after which a retry may succeed (rate limits, unavailable dependencies). */
  readonly retryAfterSeconds?: number;
}

export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: ErrorKind, code: string, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = new.target.name;
    this.kind = kind;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * The base of an error that is only a kind, a code and a default message:
 * `export class TokenExpired extends errorClass('unauthenticated', 'token_expired', 'the access token ...') {}`.
 * Each stays a named class (`instanceof` and `name` work); `message` replaces the default.
 */
export function errorClass(kind: ErrorKind, code: string, defaultMessage: string) {
  return class extends DomainError {
    constructor(message = defaultMessage) {
      super(kind, code, message);
    }
  };
}

export class NotFound extends DomainError {
  constructor(what: string) {
    super('not_found', 'not_found', `${what} was not found`);
  }
}

export class Forbidden extends DomainError {
  constructor(message = 'your role does not allow this action') {
    super('forbidden', 'forbidden', message);
  }
}

export class Conflict extends DomainError {
  constructor(message: string, code = 'conflict') {
    super('conflict', code, message);
  }
}

export class InvalidInput extends DomainError {
  constructor(message: string) {
    super('invalid', 'validation_failed', message);
  }
}

export class ServiceUnavailable extends DomainError {
  constructor(message: string, retryAfterSeconds = 5) {
    super('unavailable', 'service_unavailable', message, { retryAfterSeconds });
  }
}

export class RateLimited extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('rate_limited', 'rate_limited', 'too many requests; retry later', {
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
    });
  }
}

/** One problem of a request, at a JSON Pointer into its body. */
export interface FieldProblem {
  readonly path: string;
  readonly message: string;
}

/** Invalid input with every problem found, each at its place (the `errors` of a 400 `validation_failed`). */
export class InvalidFields extends DomainError {
  readonly errors: readonly FieldProblem[];

  constructor(
    errors: readonly FieldProblem[],
    message = 'the request does not match the schema of this route',
  ) {
    super('invalid', 'validation_failed', message);
    this.errors = errors;
  }
}
