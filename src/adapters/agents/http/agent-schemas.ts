import {
  MAX_AGENT_NAME_LENGTH,
  MAX_INSTRUCTIONS_LENGTH,
  MAX_MAX_STEPS,
} from '../../../domain/agents/agent.ts';
import { NAME, TEXT, timestamp, uuid } from '../../platform/http/common-schemas.ts';
import { pageQueryProperties } from '../../platform/http/pagination.ts';
import type { JsonSchema } from '../../platform/http/route.ts';
import { tool, toolOut } from './agent-tool-schemas.ts';

const versionNumber: JsonSchema = { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647 };

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
