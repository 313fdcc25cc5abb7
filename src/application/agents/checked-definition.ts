import { type AgentDefinition, parseDefinition } from '../../domain/agents/agent.ts';
import { InvalidFields } from '../../domain/kernel/errors.ts';
import type { BlueprintRepository } from '../blueprints/index.ts';
import type { MissionRepository } from '../missions/index.ts';
import type { ProviderAccountRepository } from '../models/index.ts';
import type { KnowledgeSearch } from './ports/knowledge-search.ts';

export interface DefinitionInput {
  readonly provider_id: string;
  readonly model: string;
  readonly instructions: string;
  readonly tools?: readonly unknown[] | undefined;
  readonly settings?: Parameters<typeof parseDefinition>[0]['settings'];
}

export interface DefinitionDeps {
  readonly providerAccounts: ProviderAccountRepository;
  readonly blueprints: BlueprintRepository;
  readonly missions: MissionRepository;
  readonly knowledgeSearch: KnowledgeSearch;
}

/**
 * An agent's definition, checked whole: its fields (domain), and the provider, blueprints and missions it
 * names belonging to the workspace (another workspace's are reported as unknown, at their path).
 */
export async function checkedDefinition(
  deps: DefinitionDeps,
  workspaceId: string,
  input: DefinitionInput,
): Promise<AgentDefinition> {
  const definition = parseDefinition({ ...input, providerId: input.provider_id });
  const problems: { path: string; message: string }[] = [];
  const provider = await deps.providerAccounts.findById(definition.providerId);
  if (provider?.workspaceId !== workspaceId) {
    problems.push({ path: '/provider_id', message: 'must name a model provider of the workspace' });
  }
  for (const [index, tool] of definition.tools.entries()) {
    if (tool.type === 'blueprint') {
      const blueprint = await deps.blueprints.findById(tool.blueprintId);
      if (blueprint?.workspaceId !== workspaceId) {
        problems.push({
          path: `/tools/${index}/blueprint_id`,
          message: 'must name a blueprint of the workspace',
        });
      }
    }
    if (
      tool.type === 'knowledge' &&
      !(await deps.knowledgeSearch.exists(workspaceId, tool.knowledgeBaseId))
    ) {
      problems.push({
        path: `/tools/${index}/knowledge_base_id`,
        message: 'must name a knowledge base of the workspace',
      });
    }
    if (tool.type === 'mission') {
      const mission = await deps.missions.findById(tool.missionId);
      if (mission?.workspaceId !== workspaceId) {
        problems.push({
          path: `/tools/${index}/mission_id`,
          message: 'must name a mission of the workspace',
        });
      }
    }
  }
  if (problems.length > 0) throw new InvalidFields(problems);
  return definition;
}
