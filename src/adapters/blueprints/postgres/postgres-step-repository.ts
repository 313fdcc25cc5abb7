import type { StepKey, StepRepository } from '../../../application/blueprints/ports/step-repository.ts';
import type { Step } from '../../../domain/blueprints/step.ts';
import { jsonParam } from '../../platform/postgres/insert-rows.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { STEP_COLUMNS, type StepRow, toStep } from './step-rows.ts';

const TAKE_COLUMNS = STEP_COLUMNS.split(',')
  .map((column) => `s.${column.trim()}`)
  .join(', ');

/**
 * Steps in `steps` (migration 0017). Writes are one `unnest` statement per batch; the engine's take is a
 * range scan of `steps_due_idx` with SKIP LOCKED, so instances taking due steps together never wait for each
 * other nor take one step twice.
 */
export class PostgresStepRepository extends PostgresRepository implements StepRepository {
  async add(steps: readonly Step[]): Promise<void> {
    await this.#write(steps, true);
  }

  listForRun(runId: string): Promise<Step[]> {
    return this.#select('run_id = $1 order by position', [runId]);
  }

  lockRun(runId: string): Promise<Step[]> {
    return this.#select('run_id = $1 order by position for update', [runId]);
  }

  async save(steps: readonly Step[]): Promise<void> {
    await this.#write(
      steps.filter((step) => step.changed),
      false,
    );
  }

  takeDue(now: Date, limit: number, take: (step: Step) => void): Promise<Step[]> {
    return this.db.transaction(async () => {
      // The steps' runs are held too (see TakeDueSteps): a step whose run another transaction holds waits.
      const rows = await this.db.query<StepRow>(
        `select ${TAKE_COLUMNS} from steps s join runs r on r.id = s.run_id
          where s.due_at is not null and s.due_at <= $1 order by s.due_at limit $2 for update of s, r skip locked`,
        [now, limit],
      );
      const steps = rows.map(toStep);
      for (const step of steps) take(step);
      await this.save(steps);
      return steps;
    });
  }

  async renewLeases(keys: readonly StepKey[], leaseEnd: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db.query(
      `update steps s set due_at = $3
         from unnest($1::uuid[], $2::text[]) as k(run_id, node_id)
        where s.run_id = k.run_id and s.node_id = k.node_id and s.status = 'running' and s.child_run_id is null
          and s.map_children is null`,
      [keys.map((key) => key.runId), keys.map((key) => key.nodeId), leaseEnd],
    );
  }

  async #select(where: string, params: unknown[]): Promise<Step[]> {
    const rows = await this.db.query<StepRow>(`select ${STEP_COLUMNS} from steps where ${where}`, params);
    return rows.map(toStep);
  }

  /** Inserts (`insert`) or updates the steps, all in one statement. */
  async #write(steps: readonly Step[], insert: boolean): Promise<void> {
    if (steps.length === 0) return;
    const columns = [
      steps.map((s) => s.runId),
      steps.map((s) => s.nodeId),
      steps.map((s) => s.position),
      steps.map((s) => s.kind),
      steps.map((s) => s.status),
      steps.map((s) => s.attempt),
      steps.map((s) => s.starts),
      steps.map((s) => jsonParam(s.input)),
      steps.map((s) => jsonParam(s.output)),
      steps.map((s) => jsonParam(s.error)),
      steps.map((s) => (s.takenEdges === null ? null : JSON.stringify(s.takenEdges))),
      steps.map((s) => s.childRunId),
      steps.map((s) => s.dueAt),
      steps.map((s) => s.startedAt),
      steps.map((s) => s.finishedAt),
      steps.map((s) => s.approvalId),
      steps.map((s) => jsonParam(s.mapChildren)),
    ];
    const source = `unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[], $7::int[],
        $8::jsonb[], $9::jsonb[], $10::jsonb[], $11::jsonb[], $12::uuid[], $13::timestamptz[], $14::timestamptz[],
        $15::timestamptz[], $16::uuid[], $17::jsonb[])
      as c(run_id, node_id, position, kind, status, attempt, starts, input, output, error, taken_edges,
        child_run_id, due_at, started_at, finished_at, approval_id, map_children)`;
    const takenEdges = `case when c.taken_edges is null then null else
      coalesce((select array_agg(e::int) from jsonb_array_elements_text(c.taken_edges) e), '{}') end`;
    const sql = insert
      ? `insert into steps (${STEP_COLUMNS})
         select c.run_id, c.node_id, c.position, c.kind, c.status, c.attempt, c.starts, c.input, c.output, c.error,
                ${takenEdges}, c.child_run_id, c.approval_id, c.due_at, c.started_at, c.finished_at, c.map_children
           from ${source}`
      : `update steps s set status = c.status, attempt = c.attempt, starts = c.starts, input = c.input,
                output = c.output, error = c.error, taken_edges = ${takenEdges}, child_run_id = c.child_run_id,
                approval_id = c.approval_id, due_at = c.due_at, started_at = c.started_at, finished_at = c.finished_at,
                map_children = c.map_children
           from ${source}
          where s.run_id = c.run_id and s.node_id = c.node_id`;
    await this.db.query(sql, columns);
  }
}
