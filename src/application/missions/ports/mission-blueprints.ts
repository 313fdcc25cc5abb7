/** The blueprints a mission may run: answered by the blueprints area, a later one. */
export interface MissionBlueprints {
  /**
   * Refuses (InvalidInput) unless blueprint `id` belongs to `workspaceId` and, with `version`, has that
   * version: a mission never names another workspace's blueprint or a version that does not exist.
   */
  assertUsable(workspaceId: string, id: string, version: number | null): Promise<void>;
  /** The blueprint's latest version number; null when it no longer exists. */
  latestVersion(id: string): Promise<number | null>;
}
