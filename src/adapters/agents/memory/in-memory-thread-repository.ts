import type { ThreadFilter, ThreadRepository } from '../../../application/agents/ports/thread-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import { branchOf, type Thread, type ThreadMessage } from '../../../domain/agents/thread.ts';
import { pageOfRows } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { agentTables, type StoredMessage } from './agent-tables.ts';

/** Threads and messages in the store; the store runs one transaction at a time, so `lock` locks nothing. */
export class InMemoryThreadRepository extends inMemoryRepository(agentTables) implements ThreadRepository {
  #position = 0;

  add(thread: Thread): Promise<void> {
    return this.atomically(({ threads }) => threads.put(thread));
  }

  findById(id: string): Promise<Thread | undefined> {
    return this.atomically(({ threads }) => threads.get(id));
  }

  lock(id: string): Promise<Thread | undefined> {
    return this.findById(id);
  }

  list(filter: ThreadFilter, page: PageRequest): Promise<Page<Thread>> {
    return this.atomically(({ threads }) =>
      pageOfRows(
        threads.filter(
          (t) =>
            t.workspaceId === filter.workspaceId &&
            (filter.agentId === undefined || t.agentId === filter.agentId),
        ),
        page,
        'desc',
      ),
    );
  }

  delete(id: string): Promise<void> {
    return this.atomically(({ threads }) => {
      threads.delete(id);
    });
  }

  addMessage(message: ThreadMessage): Promise<void> {
    return this.atomically(({ messages }) => {
      this.#position += 1;
      messages.put({ ...message, position: this.#position });
    });
  }

  findMessage(threadId: string, id: string): Promise<ThreadMessage | undefined> {
    return this.atomically(({ messages }) => {
      const found = messages.get(id);
      return found?.threadId === threadId ? plain(found) : undefined;
    });
  }

  newestMessage(threadId: string): Promise<ThreadMessage | undefined> {
    return this.atomically(({ messages }) => newest(messages.filter((m) => m.threadId === threadId)));
  }

  newestMessageOfRun(runId: string): Promise<ThreadMessage | undefined> {
    return this.atomically(({ messages }) => newest(messages.filter((m) => m.runId === runId)));
  }

  branch(threadId: string, leafId: string): Promise<ThreadMessage[]> {
    return this.atomically(({ messages }) =>
      branchOf(messages.filter((m) => m.threadId === threadId).map(plain), leafId),
    );
  }

  newestUnder(threadId: string, messageId: string): Promise<ThreadMessage | undefined> {
    return this.atomically(({ messages }) => {
      const ofThread = messages.filter((m) => m.threadId === threadId);
      const under = new Set([messageId]);
      for (const message of ofThread.sort((a, b) => a.position - b.position)) {
        if (message.parentId !== null && under.has(message.parentId)) under.add(message.id);
      }
      return newest(ofThread.filter((m) => under.has(m.id)));
    });
  }

  children(
    threadId: string,
    parentIds: readonly (string | null)[],
  ): Promise<{ id: string; parentId: string | null }[]> {
    return this.atomically(({ messages }) =>
      messages
        .filter((m) => m.threadId === threadId && parentIds.includes(m.parentId))
        .sort((a, b) => a.position - b.position)
        .map((m) => ({ id: m.id, parentId: m.parentId })),
    );
  }

  activeRunId(threadId: string): Promise<string | undefined> {
    return this.atomically(
      ({ runs }) =>
        runs.find((r) => r.threadId === threadId && (r.status === 'queued' || r.status === 'running'))?.id,
    );
  }
}

function newest(messages: StoredMessage[]): ThreadMessage | undefined {
  const last = messages.sort((a, b) => a.position - b.position).at(-1);
  return last && plain(last);
}

function plain({ position: _position, ...message }: StoredMessage): ThreadMessage {
  return message;
}
