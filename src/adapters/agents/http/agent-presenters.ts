import { toolInput } from '../../../application/agents/update-agent.ts';
import type { Agent, AgentVersion } from '../../../domain/agents/agent.ts';
import type { Thread, ThreadMessage } from '../../../domain/agents/thread.ts';

function presentDefinition(version: AgentVersion) {
  return {
    version: version.version,
    provider_id: version.providerId,
    model: version.model,
    instructions: version.instructions,
    tools: version.tools.map(toolInput),
    settings: {
      temperature: version.settings.temperature,
      max_output_tokens: version.settings.maxOutputTokens,
      max_steps: version.settings.maxSteps,
    },
  };
}

/** An agent with its latest version's definition. */
export function presentAgent({ agent, version }: { agent: Agent; version: AgentVersion }) {
  return {
    id: agent.id,
    workspace_id: agent.workspaceId,
    name: agent.name,
    description: agent.description,
    ...presentDefinition(version),
    created_at: agent.createdAt.toISOString(),
    updated_at: agent.updatedAt.toISOString(),
  };
}

export function presentAgentVersion(version: AgentVersion) {
  return {
    agent_id: version.agentId,
    ...presentDefinition(version),
    created_by: version.createdBy,
    created_at: version.createdAt.toISOString(),
  };
}

export function presentThread(thread: Thread) {
  return {
    id: thread.id,
    workspace_id: thread.workspaceId,
    agent_id: thread.agentId,
    metadata: thread.metadata,
    created_at: thread.createdAt.toISOString(),
  };
}

export function presentMessage(message: ThreadMessage) {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    ...(message.toolCalls ? { tool_calls: message.toolCalls } : {}),
    ...(message.toolCallId ? { tool_call_id: message.toolCallId } : {}),
    ...(message.role === 'user' ? { file_ids: message.fileIds } : {}),
    parent_id: message.parentId,
    run_id: message.runId,
    created_at: message.createdAt.toISOString(),
  };
}
