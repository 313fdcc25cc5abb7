import { Conflict, InvalidInput, NotFound } from '../kernel/errors.ts';
import type { JsonObject } from '../kernel/json-document.ts';
import type { ChatMessage, ToolCall } from '../models/index.ts';

export const MAX_MESSAGE_LENGTH = 100_000;

export interface Thread {
  readonly id: string;
  readonly workspaceId: string;
  readonly agentId: string;
  readonly metadata: JsonObject | null;
  /** The person who started it (null: an API key): the agent `memory` tool keeps their memory. */
  readonly createdBy: string | null;
  readonly createdAt: Date;
}

export type MessageRole = 'user' | 'assistant' | 'tool';

/** One message of a thread: the messages form a tree through `parentId` (CONTRACT section 10). */
export interface ThreadMessage {
  readonly id: string;
  readonly threadId: string;
  readonly parentId: string | null;
  readonly role: MessageRole;
  readonly content: string;
  /** An assistant message: the tools the model called. */
  readonly toolCalls: readonly ToolCall[] | null;
  /** A tool message: the call it answers. */
  readonly toolCallId: string | null;
  /** A user message: the workspace's files it refers to, as sent (a file deleted since keeps its id here). */
  readonly fileIds: readonly string[];
  /** The run that wrote it (a user message: the run it started). */
  readonly runId: string | null;
  readonly createdAt: Date;
}

/** A user's message text, checked. */
export function parseMessageContent(content: string): string {
  if (content.length === 0 || content.length > MAX_MESSAGE_LENGTH) {
    throw new InvalidInput(`content must be 1 to ${MAX_MESSAGE_LENGTH} characters`);
  }
  return content;
}

/**
 * The branch that ends at `leafId`, root first: its ancestors through `parentId`. `messages` holds (at least)
 * every message of that branch.
 */
export function branchOf(messages: readonly ThreadMessage[], leafId: string): ThreadMessage[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  const branch: ThreadMessage[] = [];
  for (let at = byId.get(leafId); at !== undefined; at = at.parentId ? byId.get(at.parentId) : undefined) {
    branch.push(at);
  }
  return branch.reverse();
}

/** A branch as the model receives it. */
export function chatMessagesOf(branch: readonly ThreadMessage[]): ChatMessage[] {
  return branch.map((message): ChatMessage => {
    if (message.role === 'user') return { role: 'user', content: message.content };
    if (message.role === 'tool') {
      return { role: 'tool', toolCallId: message.toolCallId ?? '', content: message.content };
    }
    return message.toolCalls && message.toolCalls.length > 0
      ? { role: 'assistant', content: message.content, toolCalls: message.toolCalls }
      : { role: 'assistant', content: message.content };
  });
}

export class ThreadNotFound extends NotFound {
  constructor() {
    super('thread');
  }
}

export class MessageNotFound extends InvalidInput {
  constructor() {
    super('parent_id must name a message of this thread');
  }
}

/** A run of the thread is queued or running: one at a time (CONTRACT section 10). */
export class ThreadBusy extends Conflict {
  constructor() {
    super('a run of this thread is in progress: wait for it or stop it', 'thread_busy');
  }
}
