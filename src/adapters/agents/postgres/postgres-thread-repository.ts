import type { ThreadFilter, ThreadRepository } from '../../../application/agents/ports/thread-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { Thread, ThreadMessage } from '../../../domain/agents/thread.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { MESSAGE_COLUMNS, type Row, THREAD_COLUMNS, toMessage, toThread } from './agent-rows.ts';

/** Threads in `threads`, their messages in `thread_messages` (ordered by `position`, an identity column). */
export class PostgresThreadRepository extends PostgresRepository implements ThreadRepository {
  async add(thread: Thread): Promise<void> {
    await this.db.query(`insert into threads (${THREAD_COLUMNS}) values ($1, $2, $3, $4::jsonb, $5, $6)`, [
      thread.id,
      thread.workspaceId,
      thread.agentId,
      thread.metadata === null ? null : JSON.stringify(thread.metadata),
      thread.createdBy,
      thread.createdAt,
    ]);
  }

  async findById(id: string): Promise<Thread | undefined> {
    const [row] = await this.db.query<Row>(`select ${THREAD_COLUMNS} from threads where id = $1`, [id]);
    return row && toThread(row);
  }

  async lock(id: string): Promise<Thread | undefined> {
    const [row] = await this.db.query<Row>(`select ${THREAD_COLUMNS} from threads where id = $1 for update`, [
      id,
    ]);
    return row && toThread(row);
  }

  async list(filter: ThreadFilter, page: PageRequest): Promise<Page<Thread>> {
    const params = new SqlParameters();
    let where = `workspace_id = ${params.add(filter.workspaceId)}`;
    if (filter.agentId !== undefined) where += ` and agent_id = ${params.add(filter.agentId)}`;
    where += afterPosition('created_at, id', page, 'desc', params);
    const rows = await this.db.query<Row>(
      `select ${THREAD_COLUMNS} from threads where ${where}
        order by created_at desc, id desc limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toThread), page.limit, (thread) => thread);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from threads where id = $1', [id]);
  }

  async addMessage(message: ThreadMessage): Promise<void> {
    await this.db.query(
      `insert into thread_messages (${MESSAGE_COLUMNS}) values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10::uuid[])`,
      [
        message.id,
        message.threadId,
        message.parentId,
        message.role,
        message.content,
        message.toolCalls === null ? null : JSON.stringify(message.toolCalls),
        message.toolCallId,
        message.runId,
        message.createdAt,
        message.fileIds,
      ],
    );
  }

  async findMessage(threadId: string, id: string): Promise<ThreadMessage | undefined> {
    const [row] = await this.db.query<Row>(
      `select ${MESSAGE_COLUMNS} from thread_messages where thread_id = $1 and id = $2`,
      [threadId, id],
    );
    return row && toMessage(row);
  }

  async newestMessage(threadId: string): Promise<ThreadMessage | undefined> {
    const [row] = await this.db.query<Row>(
      `select ${MESSAGE_COLUMNS} from thread_messages where thread_id = $1 order by position desc limit 1`,
      [threadId],
    );
    return row && toMessage(row);
  }

  async newestMessageOfRun(runId: string): Promise<ThreadMessage | undefined> {
    const [row] = await this.db.query<Row>(
      `select ${MESSAGE_COLUMNS} from thread_messages where run_id = $1 order by position desc limit 1`,
      [runId],
    );
    return row && toMessage(row);
  }

  async branch(threadId: string, leafId: string): Promise<ThreadMessage[]> {
    const rows = await this.db.query<Row>(
      `with recursive branch as (
         select ${MESSAGE_COLUMNS}, position from thread_messages where thread_id = $1 and id = $2
         union all
         select ${MESSAGE_COLUMNS.split(', ')
           .map((c) => `m.${c}`)
           .join(', ')}, m.position
           from thread_messages m join branch b on m.id = b.parent_id
       )
       select ${MESSAGE_COLUMNS} from branch order by position`,
      [threadId, leafId],
    );
    return rows.map(toMessage);
  }

  async newestUnder(threadId: string, messageId: string): Promise<ThreadMessage | undefined> {
    const [row] = await this.db.query<Row>(
      `with recursive subtree as (
         select id, position from thread_messages where thread_id = $1 and id = $2
         union all
         select m.id, m.position from thread_messages m join subtree s on m.parent_id = s.id
       )
       select ${MESSAGE_COLUMNS} from thread_messages
        where id = (select id from subtree order by position desc limit 1)`,
      [threadId, messageId],
    );
    return row && toMessage(row);
  }

  async children(
    threadId: string,
    parentIds: readonly (string | null)[],
  ): Promise<{ id: string; parentId: string | null }[]> {
    if (parentIds.length === 0) return [];
    const rows = await this.db.query<{ id: string; parent_id: string | null }>(
      `select id, parent_id from thread_messages
        where thread_id = $1 and (parent_id = any($2::uuid[]) or ($3 and parent_id is null))
        order by position`,
      [threadId, parentIds.filter((id) => id !== null), parentIds.includes(null)],
    );
    return rows.map((row) => ({ id: row.id, parentId: row.parent_id }));
  }

  async activeRunId(threadId: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ id: string }>(
      `select id from runs where thread_id = $1 and status in ('queued', 'running') limit 1`,
      [threadId],
    );
    return row?.id;
  }
}
