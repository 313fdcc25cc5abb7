import {
  MAX_AGENT_NAME_LENGTH,
  MAX_INSTRUCTIONS_LENGTH,
  MAX_MAX_STEPS,
} from '../../../domain/agents/agent.ts';
import { MAX_MESSAGE_FILES } from '../../../domain/agents/message-files.ts';
import { MAX_MESSAGE_LENGTH } from '../../../domain/agents/thread.ts';
import { NAME, TEXT, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { pageQueryProperties } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

const versionNumber: JsonSchema = { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 };
const toolName: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-zA-Z0-9_-]{1,64}$',
};
const toolDescription: JsonSchema = { type: 'string', maxLength: 2000, pattern: TEXT };
const inputSchema: JsonSchema = {
  type: 'object',
  maxProperties: 64,
  description: 'A JSON Schema (an object) of the input the model is asked to give the tool.',
};
const requiresApproval: JsonSchema = {
  type: 'boolean',
  description:
    'Each call waits for a person: it opens an approval (`GET /api/approvals`, CONTRACT section 9); approved, ' +
    'the call runs; rejected, the model is answered with the refusal and the run goes on.',
};

/** One kind of tool: its `type`, the reference it names (if any), and the fields every tool has. */
function toolKind(type: string, reference?: 'blueprint_id' | 'mission_id' | 'knowledge_base_id'): JsonSchema {
  const takesInputSchema = reference === 'blueprint_id' || reference === 'mission_id';
  return {
    type: 'object',
    additionalProperties: false,
    required: ['type', ...(reference ? [reference] : []), 'name', 'description'],
    properties: {
      type: { type: 'string', enum: [type] },
      ...(reference && { [reference]: uuid }),
      name: toolName,
      description: toolDescription,
      ...(takesInputSchema && { input_schema: inputSchema }),
      requires_approval: requiresApproval,
    },
  };
}

const memoryNamespace: JsonSchema = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  maxLength: 64,
  description: "The tool reads and writes memory items under `[<namespace>, <thread's user id>]`.",
};

/** `{type: "memory", namespace}`: its name defaults to `memory`, its description to one the model understands. */
const memoryTool: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'namespace'],
  properties: {
    type: { type: 'string', enum: ['memory'] },
    namespace: memoryNamespace,
    name: toolName,
    description: toolDescription,
    requires_approval: requiresApproval,
  },
};

const tool: JsonSchema = {
  oneOf: [
    toolKind('blueprint', 'blueprint_id'),
    toolKind('mission', 'mission_id'),
    toolKind('code'),
    memoryTool,
    toolKind('knowledge', 'knowledge_base_id'),
  ],
};

const settings: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    max_output_tokens: { type: 'integer', format: 'int32', minimum: 1, maximum: 1_000_000 },
    max_steps: {
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: MAX_MAX_STEPS,
      description: `Model calls per run at most (default 8): past them the run fails with \`step_limit\`.`,
    },
  },
};

const definitionProperties: Record<string, JsonSchema> = {
  provider_id: { ...uuid, description: 'A model provider of the workspace.' },
  model: { type: 'string', minLength: 1, maxLength: 200, pattern: NAME },
  instructions: { type: 'string', maxLength: MAX_INSTRUCTIONS_LENGTH, pattern: TEXT },
  tools: {
    type: 'array',
    maxItems: 64,
    items: tool,
    description:
      'Tool names are unique in the agent. A `knowledge` tool searches its knowledge base (hybrid when it has an ' +
      'embedding model, else keyword) with the `query` the model gives.',
  },
  settings,
};
const agentName: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_AGENT_NAME_LENGTH,
  pattern: NAME,
};
const agentDescription: JsonSchema = { type: 'string', maxLength: 2000, pattern: TEXT };

export const createAgentRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id', 'name', 'provider_id', 'model', 'instructions'],
  properties: { workspace_id: uuid, name: agentName, description: agentDescription, ...definitionProperties },
};

export const updateAgentRequest: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { name: agentName, description: agentDescription, ...definitionProperties },
};

const toolOut: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'name', 'description'],
  properties: {
    type: { type: 'string', enum: ['blueprint', 'mission', 'code', 'memory', 'knowledge'] },
    blueprint_id: uuid,
    mission_id: uuid,
    namespace: memoryNamespace,
    knowledge_base_id: uuid,
    name: { type: 'string', maxLength: 64 },
    description: { type: 'string', maxLength: 2000 },
    input_schema: { type: 'object' },
    requires_approval: { type: 'boolean' },
  },
};

const settingsOut: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['temperature', 'max_output_tokens', 'max_steps'],
  properties: {
    temperature: { type: ['number', 'null'] },
    max_output_tokens: { type: ['integer', 'null'], format: 'int32', minimum: 1, maximum: 1_000_000 },
    max_steps: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_MAX_STEPS },
  },
};

const versionProperties: Record<string, JsonSchema> = {
  version: versionNumber,
  provider_id: uuid,
  model: { type: 'string', maxLength: 200 },
  instructions: { type: 'string', maxLength: MAX_INSTRUCTIONS_LENGTH },
  tools: { type: 'array', maxItems: 64, items: toolOut },
  settings: settingsOut,
};

export const agent: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'workspace_id',
    'name',
    'description',
    ...Object.keys(versionProperties),
    'created_at',
    'updated_at',
  ],
  properties: {
    id: uuid,
    workspace_id: uuid,
    name: { type: 'string', maxLength: MAX_AGENT_NAME_LENGTH },
    description: { type: 'string', maxLength: 2000 },
    ...versionProperties,
    created_at: timestamp,
    updated_at: timestamp,
  },
};

export const agentVersion: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['agent_id', ...Object.keys(versionProperties), 'created_by', 'created_at'],
  properties: {
    agent_id: uuid,
    ...versionProperties,
    created_by: { ...uuid, type: ['string', 'null'] },
    created_at: timestamp,
  },
};

export const listAgentsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['workspace_id'],
  properties: { workspace_id: uuid, ...pageQueryProperties },
};

export const versionParams: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'version'],
  properties: { id: { ...uuid, description: 'Agent id.' }, version: versionNumber },
};

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
