import { Agent, type AgentVersion } from '../../../domain/agents/agent.ts';
import type { AgentTool } from '../../../domain/agents/agent-tools.ts';
import type { Thread, ThreadMessage } from '../../../domain/agents/thread.ts';
import type { JsonObject } from '../../../domain/kernel/json-document.ts';
import type { ToolCall } from '../../../domain/models/index.ts';

export type Row = Record<string, unknown>;

/** A timestamp column as read (the driver may hand text). */
export function date(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string);
}

export const AGENT_COLUMNS = 'id, workspace_id, name, description, latest_version, created_at, updated_at';
export const VERSION_COLUMNS =
  'agent_id, version, provider_id, model, instructions, tools, settings, created_by, created_at';
export const THREAD_COLUMNS = 'id, workspace_id, agent_id, metadata, created_by, created_at';
export const MESSAGE_COLUMNS =
  'id, thread_id, parent_id, role, content, tool_calls, tool_call_id, run_id, created_at, file_ids';

export function toAgent(row: Row): Agent {
  return new Agent({
    id: row.id as string,
    workspaceId: row.workspace_id as string,
    name: row.name as string,
    description: row.description as string,
    latestVersion: row.latest_version as number,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  });
}

export function agentValues(agent: Agent): unknown[] {
  return [
    agent.id,
    agent.workspaceId,
    agent.name,
    agent.description,
    agent.latestVersion,
    agent.createdAt,
    agent.updatedAt,
  ];
}

export function toVersion(row: Row): AgentVersion {
  return {
    agentId: row.agent_id as string,
    version: row.version as number,
    providerId: row.provider_id as string,
    model: row.model as string,
    instructions: row.instructions as string,
    tools: row.tools as AgentTool[],
    settings: row.settings as AgentVersion['settings'],
    createdBy: (row.created_by as string | null) ?? null,
    createdAt: date(row.created_at),
  };
}

export function versionValues(version: AgentVersion): unknown[] {
  return [
    version.agentId,
    version.version,
    version.providerId,
    version.model,
    version.instructions,
    JSON.stringify(version.tools),
    JSON.stringify(version.settings),
    version.createdBy,
    version.createdAt,
  ];
}

export function toThread(row: Row): Thread {
  return {
    id: row.id as string,
    workspaceId: row.workspace_id as string,
    agentId: row.agent_id as string,
    metadata: (row.metadata as JsonObject | null) ?? null,
    createdBy: (row.created_by as string | null) ?? null,
    createdAt: date(row.created_at),
  };
}

export function toMessage(row: Row): ThreadMessage {
  return {
    id: row.id as string,
    threadId: row.thread_id as string,
    parentId: (row.parent_id as string | null) ?? null,
    role: row.role as ThreadMessage['role'],
    content: row.content as string,
    toolCalls: (row.tool_calls as ToolCall[] | null) ?? null,
    toolCallId: (row.tool_call_id as string | null) ?? null,
    runId: (row.run_id as string | null) ?? null,
    createdAt: date(row.created_at),
    fileIds: (row.file_ids as string[] | null) ?? [],
  };
}
