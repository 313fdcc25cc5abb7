import type { AgentRunRepository } from '../../../application/agents/ports/agent-run-repository.ts';
import type { AgentRunWork, Waiting } from '../../../domain/agents/agent-run-work.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { date } from './agent-rows.ts';

const COLUMNS = 'run_id, due_at, lease_owner, waiting, model_calls, input_tokens, output_tokens';

/**
 * The work of agent runs in `agent_runs`: `takeDue` is one range scan of `agent_runs_due_idx` taking rows with
 * SKIP LOCKED, so two instances never take one run together; `lockHeld` locks a row only for its lease holder.
 */
export class PostgresAgentRunRepository extends PostgresRepository implements AgentRunRepository {
  async add(work: AgentRunWork): Promise<void> {
    await this.db.query(
      `insert into agent_runs (${COLUMNS}) values ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
      values(work),
    );
  }

  async findByRunId(runId: string): Promise<AgentRunWork | undefined> {
    const [row] = await this.db.query<Record<string, unknown>>(
      `select ${COLUMNS} from agent_runs where run_id = $1`,
      [runId],
    );
    return row && toWork(row);
  }

  async takeDue(now: Date, limit: number, owner: string, leaseEnd: Date): Promise<AgentRunWork[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `update agent_runs a set lease_owner = $3, due_at = $4
         from (select run_id from agent_runs where due_at <= $1 order by due_at limit $2 for update skip locked) d
        where a.run_id = d.run_id
        returning ${COLUMNS.split(', ')
          .map((c) => `a.${c}`)
          .join(', ')}`,
      [now, limit, owner, leaseEnd],
    );
    return rows.map(toWork);
  }

  async renewLeases(runIds: readonly string[], owner: string, leaseEnd: Date): Promise<void> {
    if (runIds.length === 0) return;
    await this.db.query(
      'update agent_runs set due_at = $3 where run_id = any($1::uuid[]) and lease_owner = $2',
      [runIds, owner, leaseEnd],
    );
  }

  async lockHeld(runId: string, owner: string): Promise<AgentRunWork | undefined> {
    const [row] = await this.db.query<Record<string, unknown>>(
      `select ${COLUMNS} from agent_runs where run_id = $1 and lease_owner = $2 for update`,
      [runId, owner],
    );
    return row && toWork(row);
  }

  async save(work: AgentRunWork): Promise<void> {
    await this.db.query(
      `update agent_runs set due_at = $2, lease_owner = $3, waiting = $4::jsonb, model_calls = $5,
              input_tokens = $6, output_tokens = $7
        where run_id = $1`,
      values(work),
    );
  }
}

function values(work: AgentRunWork): unknown[] {
  return [
    work.runId,
    work.dueAt,
    work.leaseOwner,
    work.waiting === null ? null : JSON.stringify(work.waiting),
    work.modelCalls,
    work.inputTokens,
    work.outputTokens,
  ];
}

function toWork(row: Record<string, unknown>): AgentRunWork {
  return {
    runId: row.run_id as string,
    dueAt: row.due_at === null || row.due_at === undefined ? null : date(row.due_at),
    leaseOwner: (row.lease_owner as string | null) ?? null,
    waiting: (row.waiting as Waiting | null) ?? null,
    modelCalls: row.model_calls as number,
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
  };
}
