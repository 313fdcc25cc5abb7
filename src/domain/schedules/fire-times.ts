/** The fire times of one cron expression in one time zone (computed by an adapter; see `CronCalendar`). */
export interface FireTimes {
  /** The first fire time strictly after `after`; null when the expression never fires again. */
  nextAfter(after: Date): Date | null;
  /** The latest fire time at or before `at`; null when there is none. */
  latestAtOrBefore(at: Date): Date | null;
}
