import type { ToolCall } from '../models/index.ts';
import type { ThreadMessage } from './thread.ts';

/** What an agent run does next, read from the branch it has written so far (durable: nothing else). */
export type NextMove =
  | { readonly type: 'call_model' }
  | { readonly type: 'call_tool'; readonly call: ToolCall }
  | { readonly type: 'answered'; readonly content: string };

/**
 * The next move of a run whose branch ends with `branch`'s last message: after a user message, or once every
 * tool call of the last answer has its result, the model is called; an answer with tool calls runs the first
 * call without a result; an answer without tool calls is the final one.
 */
export function nextMove(branch: readonly ThreadMessage[]): NextMove {
  const lastAnswer = [...branch].reverse().find((message) => message.role !== 'tool');
  if (!lastAnswer || lastAnswer.role === 'user') return { type: 'call_model' };
  const calls = lastAnswer.toolCalls ?? [];
  if (calls.length === 0) return { type: 'answered', content: lastAnswer.content };
  const answered = new Set(branch.slice(branch.indexOf(lastAnswer) + 1).map((message) => message.toolCallId));
  const open = calls.find((call) => !answered.has(call.id));
  return open ? { type: 'call_tool', call: open } : { type: 'call_model' };
}
