/** What a workspace holds that a quota counts. */
export type WorkspaceResource = 'missions' | 'schedules' | 'triggers' | 'webhook_endpoints' | 'api_keys';

/** Counts behind the quotas (see domain/kernel/quotas.ts). */
export interface Usage {
  /**
   * The workspace's live `resource` (API keys not revoked, triggers not deleted). Inside a transaction it
   * first takes a lock on (workspace, resource) held to the end of the transaction, so concurrent creations
   * of one kind are counted one after another and cannot pass the quota together.
   */
  countInWorkspace(resource: WorkspaceResource, workspaceId: string): Promise<number>;
  /** The shared (not personal) workspaces `userId` owns. */
  countOwnedWorkspaces(userId: string): Promise<number>;
  /** The mission's queued runs. */
  countQueuedRuns(missionId: string): Promise<number>;
  /**
   * Whether the mission holds at least `limit` queued runs, for a check on every webhook delivery: exact near
   * the limit; while well below it (under half), an implementation may answer from a count read up to a second
   * before plus the deliveries it let through since, so a long queue is not counted on every delivery.
   */
  queuedRunsReach(missionId: string, limit: number): Promise<boolean>;
  /** Whether a run the schedule queued is still waiting to be claimed. */
  hasQueuedRunOfSchedule(scheduleId: string): Promise<boolean>;
}
