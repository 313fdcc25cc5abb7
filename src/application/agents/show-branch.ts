import type { ThreadMessage } from '../../domain/agents/thread.ts';
import { InvalidFields } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleThread, type ThreadAccessDeps } from './accessible-agent.ts';

/** One branch of a thread, with the siblings of each of its messages (the branches one may switch to). */
export interface ShownBranch {
  /** Root first, down to the newest message under `through` (or the newest of the thread). */
  readonly messages: readonly ThreadMessage[];
  /** For each message of the branch, the ids of the messages sharing its parent, oldest first (itself among them). */
  readonly siblings: ReadonlyMap<string, readonly string[]>;
}

export type ShowBranch = (principal: Principal, threadId: string, through?: string) => Promise<ShownBranch>;

/**
 * Members read the branch of a thread that goes through the message `through` (down to the newest message
 * under it: sending a message after an earlier one, or again, is how a branch is made), else the newest
 * branch, with each message's siblings so a reader can switch branches (as `GET /api/threads/{id}/messages`
 * reads one branch by its leaf).
 */
export function makeShowBranch(deps: ThreadAccessDeps): ShowBranch {
  return async (principal, threadId, through) => {
    const thread = await accessibleThread(deps, principal, threadId, 'member');
    const leaf =
      through === undefined
        ? await deps.threads.newestMessage(thread.id)
        : await deps.threads.newestUnder(thread.id, through);
    if (through !== undefined && leaf === undefined) {
      throw new InvalidFields([{ path: '/query/through', message: 'must name a message of this thread' }]);
    }
    const messages = leaf ? await deps.threads.branch(thread.id, leaf.id) : [];
    const children = await deps.threads.children(
      thread.id,
      messages.map((message) => message.parentId),
    );
    const siblings = new Map<string, string[]>();
    for (const message of messages) {
      siblings.set(
        message.id,
        children.filter((child) => child.parentId === message.parentId).map((child) => child.id),
      );
    }
    return { messages, siblings };
  };
}
