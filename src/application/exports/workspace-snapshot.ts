import type { BlueprintRepository } from '../blueprints/index.ts';
import type { MissionRepository } from '../missions/index.ts';
import type { ScheduleRepository } from '../schedules/index.ts';
import type { TriggerRepository } from '../triggers/index.ts';
import { everyItem } from './export-records.ts';
import type { WorkspaceSnapshot } from './workspace-document.ts';

export interface WorkspaceSnapshotDeps {
  readonly missions: MissionRepository;
  readonly blueprints: BlueprintRepository;
  readonly triggers: TriggerRepository;
  readonly schedules: ScheduleRepository;
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
  return {
    workspaceId,
    exportedAt,
    missions: count(everyItem((page) => deps.missions.listForWorkspace(workspaceId, page))),
    blueprints: count(blueprints()),
    triggers: count(everyItem((page) => deps.triggers.list({ workspaceId }, page))),
    schedules: count(everyItem((page) => deps.schedules.listForWorkspace(workspaceId, page))),
  };
}
