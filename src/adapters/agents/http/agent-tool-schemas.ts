import { TEXT, uuid } from '../../platform/http/common-schemas.ts';
import type { JsonSchema } from '../../platform/http/route.ts';

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

/** An agent's tool as a request gives it: one of its kinds. */
export const tool: JsonSchema = {
  oneOf: [
    toolKind('blueprint', 'blueprint_id'),
    toolKind('mission', 'mission_id'),
    toolKind('code'),
    memoryTool,
    toolKind('knowledge', 'knowledge_base_id'),
  ],
};

/** An agent's tool as an answer shows it. */
export const toolOut: JsonSchema = {
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
