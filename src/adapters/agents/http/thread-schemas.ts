import { MAX_MESSAGE_FILES } from '../../../domain/agents/message-files.ts';
import { MAX_MESSAGE_LENGTH } from '../../../domain/agents/thread.ts';
import { timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { pageQueryProperties } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

export const createThreadRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'agent_id'],
  properties: {
    workspace_id: uuid,
    agent_id: uuid,
    metadata: { type: 'object', description: 'Anything the caller keeps with the thread (16 KiB at most).' },
  },
};

export const thread: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'workspace_id', 'agent_id', 'metadata', 'created_at'],
  properties: {
    id: uuid,
    workspace_id: uuid,
    agent_id: uuid,
    metadata: { type: ['object', 'null'] },
    created_at: timestamp,
  },
};

export const listThreadsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  properties: { workspace_id: uuid, agent_id: uuid, ...pageQueryProperties },
};

export const sendMessageRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['content'],
  properties: {
    content: { type: 'string', minLength: 1, maxLength: MAX_MESSAGE_LENGTH },
    parent_id: {
      ...uuid,
      description: 'The message to follow (a new branch: how a message is edited); default the newest one.',
    },
    file_ids: {
      type: 'array',
      maxItems: MAX_MESSAGE_FILES,
      uniqueItems: true,
      items: uuid,
      description:
        "Files of the thread's workspace (`POST /api/files`) the message refers to; another workspace's file, " +
        'or none, is 400 at its path. At each model call the model receives the message followed by each file ' +
        "as a `<file id name content_type size>` block: a text file's content (its first 64 KiB), another " +
        "file's name, type and size only. A file deleted later stays in `file_ids`; the model is then told it " +
        'was deleted (its content is never sent again).',
    },
  },
};

const toolCall: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'arguments'],
  properties: {
    id: { type: 'string', maxLength: 200 },
    name: { type: 'string', maxLength: 64 },
    arguments: { type: 'string', maxLength: 1_000_000 },
  },
};

export const message: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'role', 'content', 'parent_id', 'run_id', 'created_at'],
  properties: {
    id: uuid,
    role: { type: 'string', enum: ['user', 'assistant', 'tool'] },
    content: { type: 'string', maxLength: 10_000_000 },
    tool_calls: { type: 'array', maxItems: 128, items: toolCall },
    tool_call_id: { type: 'string', maxLength: 200 },
    file_ids: {
      type: 'array',
      maxItems: MAX_MESSAGE_FILES,
      items: uuid,
      description: 'User messages only: the files it refers to, as sent (a file deleted since keeps its id).',
    },
    parent_id: { ...uuid, type: ['string', 'null'] },
    run_id: { ...uuid, type: ['string', 'null'] },
    created_at: timestamp,
  },
};

export const sentMessage: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['message', 'run'],
  properties: {
    message,
    run: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'status'],
      properties: { id: uuid, status: { type: 'string', enum: ['queued', 'running'] } },
    },
  },
};

export const messagesQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    leaf: { ...uuid, description: 'The branch ending at this message; default the newest one.' },
  },
};

export const messageList: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'next_cursor'],
  properties: {
    items: { type: 'array', maxItems: 100_000, items: message },
    next_cursor: { type: 'null' },
  },
};
