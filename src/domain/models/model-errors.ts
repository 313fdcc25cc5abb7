import { DomainError, NotFound } from '../kernel/errors.ts';

/** Unknown or deleted model provider, and any the caller may not see. */
export class ProviderAccountNotFound extends NotFound {
  constructor() {
    super('model provider');
  }
}

/**
 * A model provider's call failed: its HTTP status (null when no answer came: refused address, connection
 * failure, timeout) and its message, never the key. A run it ends fails with `error.code = "provider_error"`.
 */
export class ProviderError extends DomainError {
  readonly status: number | null;

  constructor(status: number | null, message: string) {
    super('unavailable', 'provider_error', message);
    this.status = status;
  }
}
