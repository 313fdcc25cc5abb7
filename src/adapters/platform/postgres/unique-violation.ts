import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';

/** True for PostgreSQL's unique_violation (23505), whichever layer wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof UniqueConstraintViolationException) return true;
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
