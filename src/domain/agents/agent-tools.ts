import { InvalidFields } from '../kernel/errors.ts';

/** What an agent's tool may be (CONTRACT section 10). */
export const TOOL_TYPES = ['blueprint', 'mission', 'code', 'memory', 'knowledge'] as const;
export type ToolType = (typeof TOOL_TYPES)[number];
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

interface ToolBase {
  readonly name: string;
  readonly description: string;
  /** A person approves each call before it runs (CONTRACT section 9). */
  readonly requiresApproval: boolean;
}

export type AgentTool =
  | (ToolBase & {
      readonly type: 'blueprint';
      readonly blueprintId: string;
      readonly inputSchema: Readonly<Record<string, unknown>> | null;
    })
  | (ToolBase & {
      readonly type: 'mission';
      readonly missionId: string;
      readonly inputSchema: Readonly<Record<string, unknown>> | null;
    })
  | (ToolBase & { readonly type: 'code' })
  | (ToolBase & {
      readonly type: 'memory';
      /** The label the tool's items live under, with the thread's user id: `[namespace, user id]`. */
      readonly namespace: string;
    })
  | (ToolBase & { readonly type: 'knowledge'; readonly knowledgeBaseId: string });

/** The input schema the model is shown for a code tool: the JavaScript to run, and its input. */
export const CODE_TOOL_INPUT_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    source: { type: 'string', description: 'JavaScript that defines function main(input); may be async' },
    input: { description: 'The JSON value main receives' },
  },
  required: ['source'],
};

/** The input schema the model is shown for a knowledge tool: what to search for. */
export const KNOWLEDGE_TOOL_INPUT_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'What to look for, in words' },
    limit: { type: 'integer', minimum: 1, maximum: 20, description: 'Passages to answer (default 5)' },
  },
  required: ['query'],
};

/** The tools as sent (their JSON shape checked by the route's schema): names unique, each type's fields. */
export function parseTools(tools: readonly unknown[]): AgentTool[] {
  const names = new Set<string>();
  return tools.map((raw, index) => {
    const tool = raw as Record<string, unknown>;
    const name = String(tool.name ?? (tool.type === 'memory' ? 'memory' : ''));
    const path = `/tools/${index}/name`;
    if (!TOOL_NAME.test(name)) throw new InvalidFields([{ path, message: `must match ${TOOL_NAME.source}` }]);
    if (names.has(name)) throw new InvalidFields([{ path, message: 'must be unique in the agent' }]);
    names.add(name);
    const base = {
      name,
      description: String(tool.description ?? ''),
      requiresApproval: tool.requires_approval === true,
    };
    const inputSchema = (tool.input_schema as Record<string, unknown> | undefined) ?? null;
    switch (tool.type) {
      case 'blueprint':
        return { ...base, type: 'blueprint', blueprintId: String(tool.blueprint_id), inputSchema };
      case 'mission':
        return { ...base, type: 'mission', missionId: String(tool.mission_id), inputSchema };
      case 'code':
        return { ...base, type: 'code' };
      case 'memory':
        return memoryTool(base, tool.namespace, index);
      case 'knowledge':
        return { ...base, type: 'knowledge', knowledgeBaseId: String(tool.knowledge_base_id) };
      default:
        throw new InvalidFields([
          { path: `/tools/${index}/type`, message: `must be one of ${TOOL_TYPES.join(', ')}` },
        ]);
    }
  });
}

/** The input schema the model is shown for a memory tool: one action on the items of its user's namespace. */
export const MEMORY_TOOL_INPUT_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: ['put', 'get', 'delete', 'search'] },
    key: { type: 'string', description: 'The item (put, get, delete)' },
    value: { type: 'object', description: 'The JSON object to remember (put)' },
    ttl_seconds: { type: 'integer', description: 'Forget the item after this long (put; optional)' },
    query: { type: 'string', description: 'Words to look for in remembered values (search; optional)' },
    filter: { type: 'object', description: 'Only values containing this object (search; optional)' },
    limit: { type: 'integer', description: 'At most this many items (search; default 10)' },
  },
  required: ['action'],
};

const MEMORY_DESCRIPTION =
  'Remember and recall facts about the user across conversations: put, get or delete an item by key, or search.';

function memoryTool(base: ToolBase, namespace: unknown, index: number): AgentTool {
  if (typeof namespace !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(namespace)) {
    throw new InvalidFields([
      { path: `/tools/${index}/namespace`, message: 'must match ^[A-Za-z0-9_-]{1,64}$' },
    ]);
  }
  return { ...base, description: base.description || MEMORY_DESCRIPTION, type: 'memory', namespace };
}
