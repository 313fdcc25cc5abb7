import type { ThroughAgents } from '../../../composition/agents.ts';
import { idParams, page } from '../../platform/http/common-schemas.ts';
import { pageRequestOf, presentPage } from '../../platform/http/pagination.ts';
import { accepted, created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import {
  eventStreamResponse,
  runStreamOptions,
  streamEventsQuery,
  streamRunEvents,
} from '../../runs/index.ts';
import { presentMessage, presentThread } from './agent-presenters.ts';
import {
  createThreadRequest,
  listThreadsQuery,
  messageList,
  messagesQuery,
  sendMessageRequest,
  sentMessage,
  thread,
} from './thread-schemas.ts';

/** A thread with an agent: its messages (each answered in a run) and the live stream of its active run. */
export function threadRoutes(deps: ThroughAgents): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.workers);
  return [
    bearer.post('/api/threads', {
      operationId: 'createThread',
      summary: 'Start a thread with an agent',
      description: 'Members and up.',
      body: createThreadRequest,
      errors: [403, 404],
      responses: { 201: { description: 'The new thread.', schema: thread } },
      handler: async (ctx, { principal, body }) => {
        const made = await deps.createThread(principal, body as never);
        created(ctx, presentThread(made), `/api/threads/${made.id}`);
      },
    }),
    bearer.get('/api/threads', {
      operationId: 'listThreads',
      summary: "A workspace's threads",
      description: 'Newest first; `agent_id` narrows them to one agent.',
      query: listThreadsQuery,
      errors: [404],
      responses: { 200: { description: 'One page of threads.', schema: page(thread) } },
      handler: async (ctx, { principal, query }) => {
        const filter = {
          workspaceId: query.workspace_id as string,
          agentId: query.agent_id as string | undefined,
        };
        ok(ctx, presentPage(await deps.listThreads(principal, filter, pageRequestOf(query)), presentThread));
      },
    }),
    bearer.get('/api/threads/{id}', {
      operationId: 'getThread',
      summary: 'A thread',
      description: 'Members and up.',
      params: idParams,
      responses: { 200: { description: 'The thread.', schema: thread } },
      handler: async (ctx, { principal, params }) =>
        ok(ctx, presentThread(await deps.getThread(principal, params.id))),
    }),
    bearer.delete('/api/threads/{id}', {
      operationId: 'deleteThread',
      summary: 'Delete a thread',
      description: 'With its messages and runs.',
      params: idParams,
      errors: [403],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { principal, params }) => {
        await deps.deleteThread(principal, params.id);
        ctx.status = 204;
      },
    }),
    bearer.post('/api/threads/{id}/messages', {
      operationId: 'sendMessage',
      summary: 'Send a message: the agent answers in a run',
      description:
        'The message follows the newest one, or `parent_id` (a new branch: how a message is edited; the model ' +
        'sees only the branch). The answer is a run carried out by the server; follow it with ' +
        '`GET /api/threads/{id}/stream`. While a run of the thread is queued or running, 409 `thread_busy`.',
      params: idParams,
      body: sendMessageRequest,
      errors: [403, 409],
      responses: { 202: { description: 'The message and its run.', schema: sentMessage } },
      handler: async (ctx, { principal, params, body }) => {
        const sent = await deps.sendMessage(principal, params.id, body as never);
        accepted(
          ctx,
          { message: presentMessage(sent.message), run: { id: sent.run.id, status: sent.run.status } },
          `/api/runs/${sent.run.id}`,
        );
      },
    }),
    bearer.get('/api/threads/{id}/messages', {
      operationId: 'listMessages',
      summary: 'One branch of a thread',
      description: 'Root first, ending at `leaf` (default: the newest message).',
      params: idParams,
      query: messagesQuery,
      responses: { 200: { description: 'The branch.', schema: messageList } },
      handler: async (ctx, { principal, params, query }) => {
        const messages = await deps.listMessages(principal, params.id, query.leaf as string | undefined);
        ok(ctx, { items: messages.map(presentMessage), next_cursor: null });
      },
    }),
    bearer.get('/api/threads/{id}/stream', {
      operationId: 'streamThread',
      summary: "The thread's active run, live (Server-Sent Events)",
      description:
        'The events of the queued or running run of the thread, exactly as `GET /api/runs/{id}/events/stream` ' +
        '(`message.delta` `{text}`, `tool.call`, `tool.result`, `usage`, `status`; resumable with ' +
        '`Last-Event-ID`; `event: end` once the run finished). 204 when no run is active.',
      params: idParams,
      query: streamEventsQuery,
      errors: [429],
      responses: {
        200: eventStreamResponse,
        204: { description: 'No run of the thread is queued or running.' },
      },
      handler: async (ctx, { principal, params, query }) => {
        const runId = await deps.activeThreadRun(principal, params.id);
        if (runId === undefined) {
          ctx.status = 204;
          return;
        }
        await streamRunEvents(deps, runStreamOptions(deps), ctx, principal, runId, query);
      },
    }),
    bearer.post('/api/threads/{id}/stop', {
      operationId: 'stopThread',
      summary: "Stop the thread's run",
      description:
        'Cancels its queued or running run (the model request is aborted); 204 also when none runs.',
      params: idParams,
      errors: [403],
      responses: { 204: { description: 'Stopped (or nothing to stop).' } },
      handler: async (ctx, { principal, params }) => {
        await deps.stopThread(principal, params.id);
        ctx.status = 204;
      },
    }),
  ];
}
