import { Cron } from 'croner';
import type { CronCalendar } from '../../application/schedules/ports/cron-calendar.ts';
import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { FireTimes } from '../../domain/schedules/fire-times.ts';

/**
 * Cron with croner (v11): five fields, IANA time zones, daylight-saving changes as Vixie cron has them (a
 * fixed-time job in a skipped hour runs right after the gap; in a repeated hour, once, at its first pass).
 */
export class CronerCronCalendar implements CronCalendar {
  fireTimes(cron: string, timezone: string): FireTimes {
    let job: Cron;
    try {
      job = new Cron(cron, { timezone, mode: '5-part', paused: true });
      // The time zone is only checked when a date is computed.
      job.nextRun();
    } catch (error) {
      throw new InvalidInput(readable(error as Error, timezone));
    }
    return {
      nextAfter: (after) => job.nextRun(after),
      // croner's previous runs are strictly before the reference: make it the second after `at` (cron fires
      // on whole minutes, so nothing lies between `at` and the end of its second).
      latestAtOrBefore: (at) => {
        const [latest] = job.previousRuns(1, new Date(Math.floor(at.getTime() / 1000) * 1000 + 1000));
        return latest ?? null;
      },
    };
  }
}

function readable(error: Error, timezone: string): string {
  if (/time ?zone/i.test(error.message))
    return `timezone ${JSON.stringify(timezone)} is not an IANA time zone`;
  return `cron is not valid: ${error.message.replace(/^CronPattern: /, '')}`;
}
