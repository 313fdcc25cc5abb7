import type { AgentVersion } from '../../domain/agents/index.ts';
import type { AgentRepository } from '../agents/index.ts';
import type { BlueprintRepository } from '../blueprints/index.ts';
import type { DatasetRepository } from '../evaluations/index.ts';
import type { DocumentRepository, KnowledgeBaseRepository } from '../knowledge/index.ts';
import type { MissionRepository } from '../missions/index.ts';
import type { ProviderAccountRepository } from '../models/index.ts';
import type { ScheduleRepository } from '../schedules/index.ts';
import type { TriggerRepository } from '../triggers/index.ts';
import { everyItem } from './export-records.ts';
import type { WorkspaceSnapshot } from './workspace-document.ts';

export interface WorkspaceSnapshotDeps {
  readonly missions: MissionRepository;
  readonly blueprints: BlueprintRepository;
  readonly triggers: TriggerRepository;
  readonly schedules: ScheduleRepository;
  readonly providerAccounts: ProviderAccountRepository;
  readonly agents: AgentRepository;
  readonly datasets: DatasetRepository;
  readonly knowledgeBases: KnowledgeBaseRepository;
  readonly documents: DocumentRepository;
}

/** The workspace's objects, each list read page by page as the document is written; `count` sees each one. */
export function workspaceSnapshot(
  deps: WorkspaceSnapshotDeps,
  workspaceId: string,
  exportedAt: Date,
  count: <T>(items: AsyncIterable<T>) => AsyncIterable<T>,
): WorkspaceSnapshot {
  async function* blueprints() {
    for await (const blueprint of everyItem((page) => deps.blueprints.listForWorkspace(workspaceId, page)))
      yield { blueprint, versions: everyItem((page) => deps.blueprints.listVersions(blueprint.id, page)) };
  }
  async function* versionsOf(agentId: string, latest: number): AsyncIterable<AgentVersion> {
    for (let number = 1; number <= latest; number++) {
      const version = await deps.agents.findVersion(agentId, number);
      if (version) yield version;
    }
  }
  async function* agents() {
    for await (const agent of everyItem((page) => deps.agents.listForWorkspace(workspaceId, page)))
      yield { agent, versions: versionsOf(agent.id, agent.latestVersion) };
  }
  async function* datasets() {
    for await (const dataset of everyItem((page) => deps.datasets.listForWorkspace(workspaceId, page)))
      yield { dataset, items: everyItem((page) => deps.datasets.listItems(dataset.id, page)) };
  }
  async function* knowledgeBases() {
    for await (const base of everyItem((page) => deps.knowledgeBases.list(workspaceId, page)))
      yield { base, documents: everyItem((page) => deps.documents.list(base.id, page)) };
  }
  return {
    workspaceId,
    exportedAt,
    missions: count(everyItem((page) => deps.missions.listForWorkspace(workspaceId, page))),
    blueprints: count(blueprints()),
    triggers: count(everyItem((page) => deps.triggers.list({ workspaceId }, page))),
    schedules: count(everyItem((page) => deps.schedules.listForWorkspace(workspaceId, page))),
    modelProviders: count(everyItem((page) => deps.providerAccounts.list(workspaceId, page))),
    agents: count(agents()),
    datasets: count(datasets()),
    knowledgeBases: count(knowledgeBases()),
  };
}
