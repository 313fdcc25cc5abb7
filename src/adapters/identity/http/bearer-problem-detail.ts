import { Unauthenticated } from '../../../domain/identity/auth-errors.ts';
import type { DomainError } from '../../../domain/kernel/errors.ts';

/** The problem `detail` of a missing access token: it names the header; undefined for other errors. */
export function bearerProblemDetail(error: DomainError): string | undefined {
  if (error instanceof Unauthenticated)
    return 'this route needs an access token: Authorization: Bearer <token>';
  return undefined;
}
