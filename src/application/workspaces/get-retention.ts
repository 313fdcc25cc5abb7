import type { Principal } from '../../domain/kernel/principal.ts';
import {
  WORKSPACE_RETENTION_SETTINGS,
  type WorkspaceRetention,
  type WorkspaceRetentionSetting,
} from '../../domain/kernel/retention.ts';
import type { WorkspaceRetentionRepository } from './ports/workspace-retention-repository.ts';
import type { RetentionSettings } from './retention-settings.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

type Days = Readonly<Record<WorkspaceRetentionSetting, number>>;

/** A workspace's retention: the instance's defaults, its own days, and what applies (0: kept). */
export interface RetentionView {
  readonly defaults: Days;
  readonly workspace: WorkspaceRetention;
  readonly effective: Days;
}

export type GetRetention = (principal: Principal, workspaceId: string) => Promise<RetentionView>;

export interface RetentionDeps {
  workspaceRetention: WorkspaceRetentionRepository;
  retentionSettings: RetentionSettings;
  workspaceAccess: WorkspaceAccess;
}

/** Owners read their workspace's retention. */
export function makeGetRetention(deps: RetentionDeps): GetRetention {
  return async (principal, workspaceId) => {
    await deps.workspaceAccess(principal, workspaceId, 'owner');
    return retentionView(deps.retentionSettings, await deps.workspaceRetention.find(workspaceId));
  };
}

export function retentionView(settings: RetentionSettings, workspace: WorkspaceRetention): RetentionView {
  const days = (pick: (setting: WorkspaceRetentionSetting) => number) =>
    Object.fromEntries(WORKSPACE_RETENTION_SETTINGS.map((setting) => [setting, pick(setting)])) as Days;
  return {
    defaults: days((setting) => settings.days[setting]),
    workspace,
    effective: days((setting) => workspace[setting] ?? settings.days[setting]),
  };
}
