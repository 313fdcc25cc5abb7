import type {
  EvaluationRepository,
  ItemOutcome,
  ScoreChange,
} from '../../../application/evaluations/ports/evaluation-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  Evaluation,
  EvaluationStatus,
  EvaluationSummary,
} from '../../../domain/evaluations/evaluation.ts';
import type { EvaluationItem } from '../../../domain/evaluations/evaluation-item.ts';
import { PASS_SCORE } from '../../../domain/evaluations/scorer.ts';
import { comparePositions, pageOf, pageOfRows } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { evaluationTables } from './evaluation-tables.ts';

const position = (item: EvaluationItem) => ({ createdAt: item.createdAt, id: item.itemId });
const byPosition = (a: EvaluationItem, b: EvaluationItem) => comparePositions(position(a), position(b));

/** Evaluations in the store; each method one store step (transactions in memory run one at a time). */
export class InMemoryEvaluationRepository
  extends inMemoryRepository(evaluationTables)
  implements EvaluationRepository
{
  addWithItems(evaluation: Evaluation): Promise<Evaluation> {
    return this.atomically(({ items, evaluations, evaluationItems }) => {
      const copied = items.filter((item) => item.datasetId === evaluation.datasetId);
      for (const item of copied)
        evaluationItems.put({
          evaluationId: evaluation.id,
          itemId: item.id,
          createdAt: item.createdAt,
          input: item.input,
          expected: item.expected,
          status: 'pending',
          runId: null,
          output: null,
          error: null,
          latencyMs: null,
          inputTokens: 0,
          outputTokens: 0,
          scores: null,
          scoreErrors: null,
          leaseOwner: null,
          leaseExpiresAt: null,
        });
      const stored = { ...evaluation, total: copied.length };
      evaluations.put(stored);
      return stored;
    });
  }

  findById(id: string): Promise<Evaluation | undefined> {
    return this.atomically(({ evaluations }) => evaluations.get(id));
  }

  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Evaluation>> {
    return this.atomically(({ evaluations }) =>
      pageOfRows(
        evaluations.filter((evaluation) => evaluation.workspaceId === workspaceId),
        page,
        'desc',
      ),
    );
  }

  summary(evaluation: Evaluation): Promise<EvaluationSummary> {
    return this.atomically(() => {
      const done = this.#items(evaluation.id).filter((item) => item.status === 'done');
      const scores: Record<string, { mean: number; passRate: number }> = {};
      const names = new Set(done.flatMap((item) => Object.keys(item.scores ?? {})));
      for (const name of names) {
        const values = done.flatMap((item) => (item.scores?.[name] === undefined ? [] : [item.scores[name]]));
        scores[name] = {
          mean: values.reduce((sum, v) => sum + v, 0) / values.length,
          passRate: values.filter((v) => v >= PASS_SCORE).length / values.length,
        };
      }
      const latencies = done.flatMap((item) => (item.latencyMs === null ? [] : [item.latencyMs]));
      return {
        done: done.length,
        failed: done.filter((item) => item.error !== null).length,
        scores,
        latencyMs: { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) },
        usage: {
          inputTokens: done.reduce((sum, item) => sum + item.inputTokens, 0),
          outputTokens: done.reduce((sum, item) => sum + item.outputTokens, 0),
        },
      };
    });
  }

  listItems(evaluationId: string, page: PageRequest): Promise<Page<EvaluationItem>> {
    return this.atomically(() => pageOf(this.#items(evaluationId), position, page, 'asc'));
  }

  compare(baseId: string, headId: string, limit: number) {
    return this.atomically(() => {
      const head = new Map(
        this.#items(headId)
          .filter((i) => i.status === 'done')
          .map((i) => [i.itemId, i]),
      );
      const changes: ScoreChange[] = [];
      for (const base of this.#items(baseId).filter((i) => i.status === 'done')) {
        const other = head.get(base.itemId);
        for (const [scorer, score] of Object.entries(base.scores ?? {})) {
          const next = other?.scores?.[scorer];
          if (next !== undefined && next !== score)
            changes.push({ itemId: base.itemId, scorer, base: score, head: next });
        }
      }
      changes.sort((a, b) => Math.abs(b.head - b.base) - Math.abs(a.head - a.base));
      return {
        fell: changes.filter((c) => c.head < c.base).slice(0, limit),
        rose: changes.filter((c) => c.head > c.base).slice(0, limit),
      };
    });
  }

  lockRunning(limit: number): Promise<Evaluation[]> {
    return this.atomically(({ evaluations }) =>
      evaluations
        .filter((e) => {
          if (e.status !== 'running') return false;
          const items = this.#items(e.id);
          const running = items.filter((i) => i.status === 'running').length;
          const pending = items.some((i) => i.status === 'pending');
          return items.every((i) => i.status === 'done') || (pending && running < e.concurrency);
        })
        .sort(comparePositions)
        .slice(0, limit),
    );
  }

  lock(id: string): Promise<Evaluation | undefined> {
    return this.findById(id);
  }

  countInFlight(evaluationId: string): Promise<number> {
    return this.atomically(() => this.#items(evaluationId).filter((i) => i.status === 'running').length);
  }

  lockPending(evaluationId: string, limit: number): Promise<EvaluationItem[]> {
    return this.atomically(() =>
      this.#items(evaluationId)
        .filter((i) => i.status === 'pending')
        .slice(0, limit),
    );
  }

  markStarted(evaluationId: string, itemId: string, runId: string): Promise<void> {
    return this.atomically(({ evaluationItems }) => {
      evaluationItems.update(`${evaluationId}/${itemId}`, (item) => {
        item.status = 'running';
        item.runId = runId;
      });
    });
  }

  recordOutcome(runId: string, outcome: ItemOutcome): Promise<boolean> {
    return this.atomically(({ evaluationItems }) => {
      const item = evaluationItems.find((i) => i.runId === runId && i.status === 'running');
      if (!item) return false;
      evaluationItems.update(`${item.evaluationId}/${item.itemId}`, (stored) => {
        Object.assign(stored, { status: 'scoring', ...outcome });
      });
      return true;
    });
  }

  takeToScore(owner: string, now: Date, until: Date, limit: number): Promise<EvaluationItem[]> {
    return this.atomically(({ evaluations, evaluationItems }) => {
      const taken = evaluationItems
        .filter(
          (i) =>
            i.status === 'scoring' &&
            (i.leaseExpiresAt === null || i.leaseExpiresAt <= now) &&
            evaluations.get(i.evaluationId)?.status === 'running',
        )
        .slice(0, limit);
      for (const item of taken) {
        item.leaseOwner = owner;
        item.leaseExpiresAt = until;
        evaluationItems.put(item);
      }
      return taken;
    });
  }

  storeScores(
    item: Pick<EvaluationItem, 'evaluationId' | 'itemId' | 'scores' | 'scoreErrors'>,
    owner: string,
  ): Promise<boolean> {
    return this.atomically(({ evaluationItems }) => {
      const key = `${item.evaluationId}/${item.itemId}`;
      const stored = evaluationItems.get(key);
      if (stored?.status !== 'scoring' || stored.leaseOwner !== owner) return false;
      evaluationItems.update(key, (row) => {
        Object.assign(row, { status: 'done', scores: item.scores, scoreErrors: item.scoreErrors });
        row.leaseOwner = null;
        row.leaseExpiresAt = null;
      });
      return true;
    });
  }

  allDone(evaluationId: string): Promise<boolean> {
    return this.atomically(() => this.#items(evaluationId).every((i) => i.status === 'done'));
  }

  runIdsInFlight(evaluationId: string): Promise<string[]> {
    return this.atomically(() =>
      this.#items(evaluationId).flatMap((i) => (i.status === 'running' && i.runId ? [i.runId] : [])),
    );
  }

  finish(
    id: string,
    status: Exclude<EvaluationStatus, 'running'>,
    error: string | null,
    now: Date,
  ): Promise<boolean> {
    return this.atomically(({ evaluations }) => {
      const evaluation = evaluations.get(id);
      if (evaluation?.status !== 'running') return false;
      evaluations.put({ ...evaluation, status, error, finishedAt: now });
      return true;
    });
  }

  #items(evaluationId: string): EvaluationItem[] {
    return this.tables.evaluationItems.filter((i) => i.evaluationId === evaluationId).sort(byPosition);
  }
}

/** Linear interpolation between closest ranks, as PostgreSQL's `percentile_cont`. */
function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (rank - low);
}
