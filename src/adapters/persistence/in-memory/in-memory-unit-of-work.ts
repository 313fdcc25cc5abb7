import type { UnitOfWork } from '../../../application/ports/unit-of-work.ts';

/**
 * Runs the work directly. It does not roll back: in-memory adapters serve use-case tests, and atomicity is
 * covered by the PostgreSQL adapter's tests.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }
}
