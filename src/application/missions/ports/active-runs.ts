/** Whether a mission still has runs in progress: the runs area answers it (its run repository). */
export interface ActiveRuns {
  /** True when the mission has a queued or running run. */
  hasActiveRuns(missionId: string): Promise<boolean>;
}
