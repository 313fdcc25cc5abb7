import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { MissionBlueprint } from '../../domain/missions/index.ts';
import type { ProviderAccount } from '../../domain/models/index.ts';
import type { Trigger } from '../../domain/triggers/index.ts';
import type { CreateAgent, UpdateAgent } from '../agents/index.ts';
import type { CreateBlueprint, CreateBlueprintVersion } from '../blueprints/index.ts';
import { accessibleFile, type FileAccessDeps, type FileSettings, type FileStorage } from '../files/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import type { CreateMission } from '../missions/index.ts';
import type { CreateModelProvider } from '../models/index.ts';
import type { CreateSchedule } from '../schedules/index.ts';
import type { CreateTrigger, UpdateTrigger } from '../triggers/index.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import { creationOrder, remappedGraph } from './blueprint-references.ts';
import { type ImportDataDeps, recreateData } from './import-data.ts';
import type { ExportCodec } from './ports/export-codec.ts';
import type { WorkspaceDocument } from './workspace-document.ts';

export interface ImportResult {
  readonly created: {
    readonly missions: number;
    readonly blueprints: number;
    readonly blueprintVersions: number;
    readonly triggers: number;
    readonly schedules: number;
    readonly modelProviders: number;
    readonly agents: number;
    readonly agentVersions: number;
    readonly datasets: number;
    readonly datasetItems: number;
    readonly knowledgeBases: number;
  };
  /** The new triggers, each with its new signing secret (shown this once). */
  readonly triggers: readonly Trigger[];
  /** The new model providers, each without a key (an export holds none): `PATCH` gives each its key. */
  readonly modelProviders: readonly ProviderAccount[];
}

export type ImportWorkspace = (
  principal: Principal,
  workspaceId: string,
  fileId: string,
) => Promise<ImportResult>;

export interface ImportWorkspaceDeps extends FileAccessDeps, ImportDataDeps {
  readonly fileStorage: FileStorage;
  readonly fileSettings: FileSettings;
  readonly exportCodec: ExportCodec;
  readonly unitOfWork: UnitOfWork;
  readonly workspaceAccess: WorkspaceAccess;
  readonly createMission: CreateMission;
  readonly createBlueprint: CreateBlueprint;
  readonly createBlueprintVersion: CreateBlueprintVersion;
  readonly createTrigger: CreateTrigger;
  readonly updateTrigger: UpdateTrigger;
  readonly createSchedule: CreateSchedule;
  readonly createModelProvider: CreateModelProvider;
  readonly createAgent: CreateAgent;
  readonly updateAgent: UpdateAgent;
}

/**
 * Admins and owners re-create the objects of a workspace export (a file any member of its workspace may read)
 * in their workspace, all or nothing (one transaction): new ids, each reference remapped to the new object,
 * each trigger with a new webhook path and a new signing secret, each model provider without a key (as a
 * trigger's secret, a key never travels in an export; unlike a secret, the server cannot make one: the admin
 * sets it with `PATCH`, and until then the provider's model calls fail with `provider_error`), each knowledge
 * base empty (an export holds no document's text: its documents are added again). Every object
 * goes through its create use case, so its checks and quotas hold as for one created by hand.
 */
export function makeImportWorkspace(deps: ImportWorkspaceDeps): ImportWorkspace {
  return async (principal, workspaceId, fileId) => {
    await deps.workspaceAccess(principal, workspaceId, 'admin');
    const file = await accessibleFile(deps, principal, fileId, 'member');
    if (file.size > deps.fileSettings.maxBytes)
      throw new InvalidInput(`a workspace export to import has at most ${deps.fileSettings.maxBytes} bytes`);
    const chunks: Buffer[] = [];
    for await (const chunk of deps.fileStorage.read(file.id)) chunks.push(Buffer.from(chunk));
    const document = deps.exportCodec.readWorkspace(Buffer.concat(chunks).toString('utf8'));
    return deps.unitOfWork.transaction(() => recreate(deps, principal, workspaceId, document));
  };
}

async function recreate(
  deps: ImportWorkspaceDeps,
  principal: Principal,
  workspaceId: string,
  document: WorkspaceDocument,
): Promise<ImportResult> {
  const blueprintIds = new Map<string, string>();
  let blueprintVersions = 0;
  for (const blueprint of creationOrder(document.blueprints)) {
    const [first, ...later] = blueprint.versions;
    if (!first) throw new InvalidInput(`blueprint ${blueprint.id} of the export has no version`);
    const made = await deps.createBlueprint(principal, {
      workspaceId,
      name: blueprint.name,
      description: blueprint.description,
      graph: remappedGraph(first.graph, blueprintIds),
    });
    blueprintIds.set(blueprint.id, made.id);
    for (const version of later)
      await deps.createBlueprintVersion(principal, made.id, {
        graph: remappedGraph(version.graph, blueprintIds),
        note: version.note,
      });
    blueprintVersions += blueprint.versions.length;
  }

  // Missions after the blueprints: a mission may run one, which must exist (the version numbers are kept, every
  // version being re-created in order).
  const newBlueprint = ({ id, version }: MissionBlueprint, at: string): MissionBlueprint => {
    const made = blueprintIds.get(id);
    if (!made) throw new InvalidInput(`${at} names blueprint ${id}, which the export does not hold`);
    return { id: made, version };
  };
  const missionIds = new Map<string, string>();
  for (const [i, { id, blueprint, ...mission }] of document.missions.entries()) {
    const input = {
      workspaceId,
      ...mission,
      blueprint: blueprint ? newBlueprint(blueprint, `missions[${i}]`) : undefined,
    };
    missionIds.set(id, (await deps.createMission(principal, input)).id);
  }
  const newMission = (oldId: string, at: string) => {
    const id = missionIds.get(oldId);
    if (!id) throw new InvalidInput(`${at} names mission ${oldId}, which the export does not hold`);
    return id;
  };

  const triggers: Trigger[] = [];
  for (const [i, { missionId, enabled, ...trigger }] of document.triggers.entries()) {
    let made = await deps.createTrigger(principal, {
      ...trigger,
      missionId: newMission(missionId, `triggers[${i}]`),
    });
    if (!enabled) made = await deps.updateTrigger(principal, made.id, { enabled: false });
    triggers.push(made);
  }
  for (const [i, { missionId, ...schedule }] of document.schedules.entries())
    await deps.createSchedule(principal, {
      ...schedule,
      missionId: newMission(missionId, `schedules[${i}]`),
    });

  const agents = await recreateAgents(deps, principal, workspaceId, document, { blueprintIds, missionIds });
  const data = await recreateData(deps, principal, workspaceId, document, agents.providerIds);
  return {
    created: {
      missions: missionIds.size,
      blueprints: blueprintIds.size,
      blueprintVersions,
      triggers: triggers.length,
      schedules: document.schedules.length,
      modelProviders: agents.modelProviders.length,
      agents: document.agents.length,
      agentVersions: agents.versions,
      ...data,
    },
    triggers,
    modelProviders: agents.modelProviders,
  };
}

/**
 * The model providers (without keys) and the agents, every version in order, their provider and the missions
 * and blueprints of their tools remapped to the new ones.
 */
async function recreateAgents(
  deps: ImportWorkspaceDeps,
  principal: Principal,
  workspaceId: string,
  document: WorkspaceDocument,
  ids: { blueprintIds: ReadonlyMap<string, string>; missionIds: ReadonlyMap<string, string> },
): Promise<{
  modelProviders: ProviderAccount[];
  providerIds: ReadonlyMap<string, string>;
  versions: number;
}> {
  const providerIds = new Map<string, string>();
  const modelProviders: ProviderAccount[] = [];
  for (const { id, ...provider } of document.modelProviders) {
    const made = await deps.createModelProvider(principal, workspaceId, { ...provider, apiKey: null });
    providerIds.set(id, made.id);
    modelProviders.push(made);
  }
  const remapped = (map: ReadonlyMap<string, string>, old: unknown, what: string, at: string) => {
    const id = map.get(old as string);
    if (!id) throw new InvalidInput(`${at} names ${what} ${old}, which the export does not hold`);
    return id;
  };
  let versions = 0;
  for (const [i, agent] of document.agents.entries()) {
    let agentId: string | undefined;
    for (const [j, version] of agent.versions.entries()) {
      const at = `agents[${i}].versions[${j}]`;
      const definition = {
        ...version,
        provider_id: remapped(providerIds, version.provider_id, 'model provider', at),
        tools: version.tools.map((tool, k) => ({
          ...tool,
          ...(tool.mission_id !== undefined && {
            mission_id: remapped(ids.missionIds, tool.mission_id, 'mission', `${at}.tools[${k}]`),
          }),
          ...(tool.blueprint_id !== undefined && {
            blueprint_id: remapped(ids.blueprintIds, tool.blueprint_id, 'blueprint', `${at}.tools[${k}]`),
          }),
        })),
        settings: version.settings as never,
      };
      agentId =
        agentId === undefined
          ? (
              await deps.createAgent(principal, {
                workspace_id: workspaceId,
                name: agent.name,
                description: agent.description,
                ...definition,
              })
            ).agent.id
          : (await deps.updateAgent(principal, agentId, definition)).agent.id;
      versions += 1;
    }
  }
  return { modelProviders, providerIds, versions };
}
