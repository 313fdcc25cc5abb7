import type { Thread, ThreadMessage } from '../../../domain/agents/thread.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

export interface ThreadFilter {
  readonly workspaceId: string;
  readonly agentId?: string | undefined;
}

/** Threads and their messages. Every method joins the surrounding `UnitOfWork` transaction. */
export interface ThreadRepository {
  add(thread: Thread): Promise<void>;
  findById(id: string): Promise<Thread | undefined>;
  /**
   * Locks the thread until the transaction ends (messages sent to one thread at once are taken one at a time:
   * the check for an active run and the new run commit under the lock). Undefined: no thread.
   */
  lock(id: string): Promise<Thread | undefined>;
  /** The matching threads, newest first. */
  list(filter: ThreadFilter, page: PageRequest): Promise<Page<Thread>>;
  /** Deletes the thread, its messages and its runs. */
  delete(id: string): Promise<void>;
  addMessage(message: ThreadMessage): Promise<void>;
  findMessage(threadId: string, id: string): Promise<ThreadMessage | undefined>;
  /** The thread's newest message (the last stored). */
  newestMessage(threadId: string): Promise<ThreadMessage | undefined>;
  /** The newest message a run wrote (a user message names the run it started). */
  newestMessageOfRun(runId: string): Promise<ThreadMessage | undefined>;
  /** The branch ending at `leafId`, root first (empty when no such message in the thread). */
  branch(threadId: string, leafId: string): Promise<ThreadMessage[]>;
  /** The newest message of the subtree rooted at `messageId` (itself when it has none; undefined: no such message). */
  newestUnder(threadId: string, messageId: string): Promise<ThreadMessage | undefined>;
  /** The children of these parents (null: the roots), oldest first: the siblings a reader switches between. */
  children(
    threadId: string,
    parentIds: readonly (string | null)[],
  ): Promise<{ readonly id: string; readonly parentId: string | null }[]>;
  /** The run of the thread that is queued or running, if any. */
  activeRunId(threadId: string): Promise<string | undefined>;
}
