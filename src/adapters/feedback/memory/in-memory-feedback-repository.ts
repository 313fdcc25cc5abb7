import type {
  FeedbackRepository,
  SummaryScope,
} from '../../../application/feedback/ports/feedback-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { Feedback, FeedbackSummary } from '../../../domain/feedback/feedback.ts';
import { pageOfRows } from '../../platform/memory/in-memory-page.ts';
import type { InMemoryStore } from '../../platform/memory/in-memory-store.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { runTables } from '../../runs/index.ts';
import { tokenDigest } from '../crypto/token-digest.ts';

interface LinkUse {
  readonly digest: string;
  readonly runId: string;
  readonly expiresAt: Date;
}

const feedbackTables = inMemoryTables((store) => {
  const feedback = store.byId((f: Feedback) => ({ ...f }));
  feedback.cascadeFrom(runTables(store).runs, (f) => f.runId);
  const linkUses = store.table(
    (use: LinkUse) => use.digest,
    (use) => ({ ...use }),
  );
  linkUses.cascadeFrom(runTables(store).runs, (use) => use.runId);
  return { feedback, linkUses };
});

/** Feedback in the store; a summary reads the runs' table for their mission and agent, as the SQL joins it. */
export class InMemoryFeedbackRepository implements FeedbackRepository {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  add(feedback: Feedback): Promise<void> {
    return this.#store.atomically(() => feedbackTables(this.#store).feedback.put(feedback));
  }

  listForRun(runId: string, page: PageRequest): Promise<Page<Feedback>> {
    return this.#store.atomically(() =>
      pageOfRows(
        feedbackTables(this.#store).feedback.filter((f) => f.runId === runId),
        page,
        'asc',
      ),
    );
  }

  summarize(scope: SummaryScope): Promise<FeedbackSummary> {
    return this.#store.atomically(() => {
      const { runs } = runTables(this.#store);
      const picked = feedbackTables(this.#store).feedback.filter((f) => {
        const run = runs.get(f.runId);
        return (
          f.workspaceId === scope.workspaceId &&
          run !== undefined &&
          (scope.missionId === undefined || run.missionId === scope.missionId) &&
          (scope.agentId === undefined || run.agentId === scope.agentId) &&
          (scope.since === undefined || f.createdAt.getTime() >= scope.since.getTime())
        );
      });
      const scores = picked.flatMap((f) => (f.score === null ? [] : [f.score]));
      const counts = new Map<string, number>();
      for (const { label } of picked) if (label !== null) counts.set(label, (counts.get(label) ?? 0) + 1);
      const labels = Object.fromEntries(counts);
      return {
        count: picked.length,
        meanScore: scores.length === 0 ? null : scores.reduce((a, b) => a + b, 0) / scores.length,
        labels,
      };
    });
  }

  useLink(token: string, runId: string, expiresAt: Date): Promise<boolean> {
    return this.#store.atomically(() => {
      const { linkUses } = feedbackTables(this.#store);
      const digest = tokenDigest(token);
      if (linkUses.get(digest)) return false;
      linkUses.put({ digest, runId, expiresAt });
      return true;
    });
  }

  deleteExpiredLinkUses(now: Date, limit: number): Promise<number> {
    return this.#store.atomically(() => {
      const { linkUses } = feedbackTables(this.#store);
      const expired = linkUses.filter((use) => use.expiresAt.getTime() < now.getTime()).slice(0, limit);
      for (const use of expired) linkUses.delete(use.digest);
      return expired.length;
    });
  }
}
