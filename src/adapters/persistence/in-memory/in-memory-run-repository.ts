import type { Page, PageRequest } from '../../../application/ports/page.ts';
import type { ClaimCriteria, RunFilter, RunRepository } from '../../../application/ports/run-repository.ts';
import { Run } from '../../../domain/runs/run.ts';
import { comparePositions, pageOf } from './in-memory-page.ts';

/**
 * Runs in a Map; copies in and out. Each change is applied to a copy and stored only if the domain accepts
 * it, with no await in between, so it is as atomic as the PostgreSQL adapter's row locks.
 */
export class InMemoryRunRepository implements RunRepository {
  readonly #runs = new Map<string, Run>();

  async add(run: Run): Promise<void> {
    this.#runs.set(run.id, new Run(run));
  }

  async findById(id: string): Promise<Run | undefined> {
    const run = this.#runs.get(id);
    return run && new Run(run);
  }

  async list(filter: RunFilter, page: PageRequest): Promise<Page<Run>> {
    const runs = [...this.#runs.values()].filter(
      (run) =>
        run.workspaceId === filter.workspaceId &&
        (filter.missionId === undefined || run.missionId === filter.missionId) &&
        (filter.status === undefined || run.status === filter.status),
    );
    const result = pageOf(runs, (run) => run, page, 'desc');
    return { items: result.items.map((run) => new Run(run)), next: result.next };
  }

  async update(id: string, change: (run: Run) => void): Promise<Run | undefined> {
    const stored = this.#runs.get(id);
    return stored && this.#apply(stored, change);
  }

  async claimNext(criteria: ClaimCriteria, claim: (run: Run) => void): Promise<Run | undefined> {
    const next = [...this.#runs.values()]
      .filter(
        (run) =>
          run.status === 'queued' &&
          run.workspaceId === criteria.workspaceId &&
          (criteria.missionIds === undefined || criteria.missionIds.includes(run.missionId)),
      )
      .sort(comparePositions)[0];
    return next && this.#apply(next, claim);
  }

  async expireLeases(
    now: Date,
    { limit, workspaceId }: { limit: number; workspaceId?: string },
    expire: (run: Run) => void,
  ): Promise<Run[]> {
    return [...this.#runs.values()]
      .filter(
        (run) =>
          run.status === 'running' &&
          run.leaseExpiresAt !== null &&
          run.leaseExpiresAt <= now &&
          (workspaceId === undefined || run.workspaceId === workspaceId),
      )
      .slice(0, limit)
      .map((run) => this.#apply(run, expire));
  }

  async hasActiveRuns(missionId: string): Promise<boolean> {
    return [...this.#runs.values()].some(
      (run) => run.missionId === missionId && (run.status === 'queued' || run.status === 'running'),
    );
  }

  /** Mirrors the database's cascade when a mission is deleted. */
  deleteForMission(missionId: string): void {
    for (const [id, run] of this.#runs) if (run.missionId === missionId) this.#runs.delete(id);
  }

  #apply(stored: Run, change: (run: Run) => void): Run {
    const copy = new Run(stored);
    change(copy);
    this.#runs.set(copy.id, new Run(copy));
    return copy;
  }
}
