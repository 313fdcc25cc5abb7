import {
  type AgentTool,
  CODE_TOOL_INPUT_SCHEMA,
  KNOWLEDGE_TOOL_INPUT_SCHEMA,
  MEMORY_TOOL_INPUT_SCHEMA,
} from '../../../domain/agents/agent-tools.ts';
import { blueprintOf } from '../../../domain/missions/index.ts';
import type { ToolCall, ToolSpec } from '../../../domain/models/index.ts';
import { Run } from '../../../domain/runs/index.ts';
import type { IdGenerator } from '../../kernel/ports/id-generator.ts';
import type { MissionRepository } from '../../missions/index.ts';
import type { Sandbox } from '../../sandboxes/index.ts';
import type { AgentMemory } from '../ports/agent-memory.ts';
import type { KnowledgeSearch } from '../ports/knowledge-search.ts';
import type { ThreadRepository } from '../ports/thread-repository.ts';
import { searchKnowledge } from './knowledge-tool.ts';
import { memoryToolCall } from './memory-tool-call.ts';

const CODE_TIMEOUT_MS = 2000;
const CODE_MEMORY_MB = 64;

/** What a tool call came to: a result for the model, or a child run to wait for. */
export type ToolOutcome =
  | { readonly type: 'result'; readonly result: ToolResult }
  | { readonly type: 'child'; readonly run: Run };

/** A tool's own output, or why it gave none (`tool.result` `{id, output|error}`). */
export type ToolResult =
  | { readonly output: unknown }
  | { readonly error: { readonly code: string; readonly message: string } };

export interface ToolDeps {
  readonly sandbox: Sandbox;
  readonly missions: MissionRepository;
  readonly ids: IdGenerator;
  readonly agentMemory: AgentMemory;
  readonly threads: ThreadRepository;
  readonly knowledgeSearch: KnowledgeSearch;
}

/** The agent's tools as the model is shown them. */
export function toolSpecs(tools: readonly AgentTool[]): ToolSpec[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema:
      tool.type === 'code'
        ? CODE_TOOL_INPUT_SCHEMA
        : tool.type === 'memory'
          ? MEMORY_TOOL_INPUT_SCHEMA
          : tool.type === 'knowledge'
            ? KNOWLEDGE_TOOL_INPUT_SCHEMA
            : (tool.inputSchema ?? { type: 'object', properties: {} }),
  }));
}

export function failure(code: string, message: string): ToolResult {
  return { error: { code, message: message.slice(0, 4000) } };
}

/**
 * Carries out one tool call of an agent run: a `code` tool in the sandbox (its result at once); a `mission` or
 * `blueprint` tool as a child run of the agent's run (the caller stores it, then waits for its outcome).
 */
export async function runTool(
  deps: ToolDeps,
  run: Run,
  tools: readonly AgentTool[],
  call: ToolCall,
  now: Date,
): Promise<ToolOutcome> {
  const tool = tools.find(({ name }) => name === call.name);
  if (!tool) return result(failure('unknown_tool', `the agent has no tool named ${call.name}`));
  let args: unknown;
  try {
    args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    return result(failure('invalid_arguments', 'the arguments are not JSON'));
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    return result(failure('invalid_arguments', 'the arguments must be a JSON object'));
  }
  const input = args as Record<string, unknown>;
  if (tool.type === 'code') {
    if (typeof input.source !== 'string')
      return result(failure('invalid_arguments', 'source must be a string'));
    const ran = await deps.sandbox.run({
      code: input.source,
      input: input.input ?? null,
      timeoutMs: CODE_TIMEOUT_MS,
      memoryMb: CODE_MEMORY_MB,
    });
    return result(ran.error ? failure(ran.error.name, ran.error.message) : { output: ran.output ?? null });
  }
  if (tool.type === 'memory') return result(await memoryToolCall(deps, run, tool.namespace, input));
  if (tool.type === 'knowledge') {
    return result(await searchKnowledge(deps.knowledgeSearch, run.workspaceId, tool.knowledgeBaseId, input));
  }
  const parent = { runId: run.id, stepId: call.id.slice(0, 64), taskType: null };
  if (tool.type === 'mission') {
    const mission = await deps.missions.findById(tool.missionId);
    if (mission?.workspaceId !== run.workspaceId) {
      return result(failure('mission_not_found', 'the mission of this tool no longer exists'));
    }
    const child = Run.queue({
      id: deps.ids.newId(),
      missionId: mission.id,
      workspaceId: run.workspaceId,
      triggerType: 'manual',
      input,
      policy: mission.policy,
      blueprint: blueprintOf(mission),
      parent,
      now,
    });
    return { type: 'child', run: child };
  }
  const child = Run.queue({
    id: deps.ids.newId(),
    missionId: null,
    workspaceId: run.workspaceId,
    triggerType: 'manual',
    input,
    blueprint: { id: tool.blueprintId, version: null },
    parent,
    now,
  });
  return { type: 'child', run: child };
}

function result(value: ToolResult): ToolOutcome {
  return { type: 'result', result: value };
}

/** The outcome of a finished child run as the tool's result. */
export function childResult(child: Run | undefined): ToolResult {
  if (!child) return failure('child_run_gone', 'the run of this tool call was deleted');
  if (child.status === 'succeeded') return { output: child.output };
  return failure(
    child.error?.code ?? (child.status === 'cancelled' ? 'cancelled' : 'child_failed'),
    child.error?.message ?? `the run was ${child.status}`,
  );
}
