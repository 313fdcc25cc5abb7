import type { DomainError } from '../../../domain/kernel/errors.ts';

/**
 * An area's wording of a domain error's problem `detail` where the client fixes it in a header (the domain
 * names the condition, not the header); undefined for an error it does not word.
 */
export type ProblemDetail = (error: DomainError) => string | undefined;

/** The problem `detail` of a domain error: the first area's wording, else the error's message. */
export function transportDetail(error: DomainError, details: readonly ProblemDetail[]): string {
  for (const detail of details) {
    const worded = detail(error);
    if (worded !== undefined) return worded;
  }
  return error.message;
}
