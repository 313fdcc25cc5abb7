import type { WorkspaceRetention } from '../../../domain/kernel/retention.ts';

/** The retention days workspaces set for themselves. */
export interface WorkspaceRetentionRepository {
  /** The workspace's own days (every setting null when it set none). */
  find(workspaceId: string): Promise<WorkspaceRetention>;
  /** Replaces the workspace's days; joins the surrounding transaction. */
  save(workspaceId: string, values: WorkspaceRetention, at: Date): Promise<void>;
  /** Every workspace that set at least one setting, with its days. */
  listSet(): Promise<ReadonlyMap<string, WorkspaceRetention>>;
}
