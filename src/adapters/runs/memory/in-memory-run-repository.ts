import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  ClaimCriteria,
  ClaimedRuns,
  RunChange,
  RunFilter,
  RunRepository,
} from '../../../application/runs/ports/run-repository.ts';
import { Run, type RunSummary, summaryOf } from '../../../domain/runs/run.ts';
import { statusEvent } from '../../../domain/runs/run-event.ts';
import { webhookRunInput } from '../../../domain/runs/webhook-run-input.ts';
import { comparePositions, pageOfRows } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import type { InMemoryRunEventNotifier } from './in-memory-run-event-notifier.ts';
import { recordRunEvents } from './in-memory-run-event-repository.ts';
import { runTables } from './run-tables.ts';

/**
 * Runs in the store. Each change is applied to a copy and stored only if the domain accepts it, in one
 * synchronous step: claims and lease sweeps are as atomic as the PostgreSQL adapter's row locks.
 */
export class InMemoryRunRepository extends inMemoryRepository(runTables) implements RunRepository {
  readonly #notifier: InMemoryRunEventNotifier;

  /** Every state change is logged as a `status` event, as the database adapter does. */
  constructor(deps: { store: InMemoryStore; runEventNotifier: InMemoryRunEventNotifier }) {
    super(deps);
    this.#notifier = deps.runEventNotifier;
  }

  add(run: Run): Promise<boolean> {
    return this.atomically(() => {
      // The database's unique indexes on (schedule_id, fire_time) and (evaluation_id, evaluation_item_id).
      const fired = this.tables.runs.some(
        (other) =>
          (run.scheduleId !== null &&
            other.scheduleId === run.scheduleId &&
            sameTime(other.fireTime, run.fireTime)) ||
          (run.evaluationId !== null &&
            other.evaluationId === run.evaluationId &&
            other.evaluationItemId === run.evaluationItemId),
      );
      if (fired) return false;
      if (run.concurrencyKey !== null) run.admit(this.#slotsTaken(run));
      this.tables.runs.put(run);
      this.#logStatusChanges(run);
      return true;
    });
  }

  findWorkspaceId(id: string): Promise<string | undefined> {
    return Promise.resolve(this.tables.runs.get(id)?.workspaceId);
  }

  findById(id: string): Promise<Run | undefined> {
    return this.atomically(() => {
      const run = this.tables.runs.get(id);
      return run && this.#shown(run);
    });
  }

  list(filter: RunFilter, page: PageRequest): Promise<Page<RunSummary>> {
    return this.atomically(() => {
      const result = pageOfRows(this.#matching(filter), page, 'desc');
      return { items: result.items.map(summaryOf), next: result.next };
    });
  }

  findLocked(id: string): Promise<Run | undefined> {
    return this.findById(id);
  }

  listInFull(filter: RunFilter, page: PageRequest): Promise<Page<Run>> {
    return this.atomically(() => {
      const result = pageOfRows(this.#matching(filter), page, 'asc');
      return { items: result.items.map((run) => this.#shown(run)), next: result.next };
    });
  }

  #matching(filter: RunFilter): Run[] {
    return this.tables.runs.filter(
      (run) =>
        run.workspaceId === filter.workspaceId &&
        (filter.missionId === undefined || run.missionId === filter.missionId) &&
        (filter.status === undefined || run.status === filter.status) &&
        run.parentRunId === (filter.parentRunId ?? null) &&
        (filter.createdAfter === undefined || run.createdAt >= filter.createdAfter) &&
        (filter.createdBefore === undefined || run.createdAt < filter.createdBefore),
    );
  }

  update(id: string, change: (run: Run) => void): Promise<Run | undefined> {
    return this.atomically(() => {
      const stored = this.tables.runs.get(id);
      return stored && this.#apply(stored, change);
    });
  }

  updateEach(changes: readonly RunChange[]): Promise<Array<Run | Error | undefined>> {
    return this.atomically(() =>
      changes.map(({ id, change }) => {
        const stored = this.tables.runs.get(id);
        try {
          return stored && this.#apply(stored, change);
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      }),
    );
  }

  claimOldest(criteria: ClaimCriteria, claim: (run: Run) => void): Promise<ClaimedRuns> {
    return this.atomically(() => {
      const runs = this.tables.runs
        .filter(
          (run) =>
            run.claimableAt(criteria.now) &&
            !run.carriedByServer &&
            run.workspaceId === criteria.workspaceId &&
            (criteria.taskTypes === undefined || criteria.taskTypes.includes(run.taskType ?? '')) &&
            (criteria.missionIds === undefined || criteria.missionIds.includes(run.missionId ?? '')),
        )
        .sort((a, b) => a.notBefore.getTime() - b.notBefore.getTime() || compareIds(a.id, b.id))
        .slice(0, criteria.limit)
        .map((run) => this.#apply(run, claim));
      const leasesExpired = this.tables.runs.some(
        (run) => run.workspaceId === criteria.workspaceId && run.leaseExpired(criteria.now),
      );
      return { runs, leasesExpired };
    });
  }

  expireLeases(
    now: Date,
    { limit, workspaceId }: { limit: number; workspaceId?: string },
    expire: (run: Run) => void,
  ): Promise<Run[]> {
    return this.atomically(() =>
      this.tables.runs
        .filter(
          (run) =>
            run.status === 'running' &&
            run.leaseExpiresAt !== null &&
            run.leaseExpiresAt <= now &&
            (workspaceId === undefined || run.workspaceId === workspaceId),
        )
        .sort((a, b) => (a.leaseExpiresAt?.getTime() ?? 0) - (b.leaseExpiresAt?.getTime() ?? 0))
        .slice(0, limit)
        .map((run) => this.#apply(run, expire)),
    );
  }

  startServerRuns(now: Date, limit: number, begin: (run: Run) => void): Promise<Run[]> {
    return this.atomically(() =>
      this.tables.runs
        .filter((run) => run.blueprintId !== null && run.claimableAt(now))
        .sort((a, b) => a.notBefore.getTime() - b.notBefore.getTime() || compareIds(a.id, b.id))
        .slice(0, limit)
        .map((run) => this.#apply(run, begin)),
    );
  }

  serverRunsPastTimeout(now: Date, limit: number): Promise<string[]> {
    return this.atomically(() =>
      this.tables.runs
        .filter(
          (run) =>
            run.carriedByServer && run.status === 'running' && run.timeoutAt !== null && run.timeoutAt <= now,
        )
        .slice(0, limit)
        .map((run) => run.id),
    );
  }

  hasActiveRuns(missionId: string): Promise<boolean> {
    return this.atomically(() =>
      this.tables.runs.some(
        (run) => run.missionId === missionId && (run.status === 'queued' || run.status === 'running'),
      ),
    );
  }

  /**
   * Lets the domain change the run as shown, and stores its new state (a webhook run's input stays unstored);
   * a slot it gave back goes to the oldest waiting runs of its group, and a run queued again without a slot (a
   * resumed capped run) waits for one as a new run does.
   */
  #apply(stored: Run, change: (run: Run) => void): Run {
    const { input, admitted, status } = stored;
    const run = this.#shown(stored);
    change(run);
    this.tables.runs.put(new Run({ ...run, input }));
    this.#logStatusChanges(run);
    const requeued = status !== 'queued' && run.awaitsSlot;
    if ((admitted && !run.admitted && run.concurrencyKey !== null) || requeued) this.#admitWaiting(run);
    return run;
  }

  #admitWaiting(freed: Run): void {
    const waiting = this.tables.runs
      .filter((run) => inGroup(run, freed) && run.status === 'queued' && !run.admitted)
      .sort(comparePositions);
    let taken = this.#slotsTaken(freed);
    for (const run of waiting) {
      if (!run.admit(taken)) return;
      this.tables.runs.put(run);
      taken++;
    }
  }

  #logStatusChanges(run: Run): void {
    const changes = run.takeStatusChanges();
    if (changes.length > 0)
      recordRunEvents(this.store, this.#notifier, run.id, changes.map(statusEvent), false);
  }

  #slotsTaken(of: Run): number {
    return this.tables.runs.filter((run) => inGroup(run, of) && run.admitted).length;
  }

  /** The run as the API shows it: a webhook run's input is built from its delivery, as run-query.ts does. */
  #shown(run: Run): Run {
    if (run.deliveryId === null) return run;
    const delivery = this.tables.deliveries.lookup(run.deliveryId);
    run.input = webhookRunInput({
      body: delivery?.body ?? null,
      contentType: delivery?.contentType ?? null,
      headers: delivery?.headers ?? {},
      query: delivery?.query ?? {},
    });
    return run;
  }
}

type Grouped = Pick<Run, 'missionId' | 'concurrencyKey'>;

function inGroup(run: Grouped, of: Grouped): boolean {
  return run.missionId === of.missionId && run.concurrencyKey === of.concurrencyKey;
}

function sameTime(a: Date | null, b: Date | null): boolean {
  return a !== null && b !== null && a.getTime() === b.getTime();
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
