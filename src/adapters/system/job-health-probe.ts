import type { HealthObservation, HealthProbe } from '../../application/system/ports/health-probe.ts';
import type { JobHealth } from '../platform/system/periodic-job.ts';

/** A job is late when it has not ended a run for this many intervals (or one run lasts as long). */
const LATE_INTERVALS = 3;

/**
 * The instance's periodic jobs (`jobs:lastRun`, one entry per job): seconds since its last run ended. A job
 * off on this instance (interval 0, or not started) passes; one that failed its last run, or has not ended a
 * run for three intervals, warns.
 */
export function jobHealthProbe(jobs: readonly { health(): JobHealth }[]): HealthProbe {
  return {
    key: 'jobs:lastRun',
    observe: async (now) => jobs.map((job) => observe(job.health(), now)),
  };
}

function observe(job: JobHealth, now: Date): HealthObservation {
  const base = { componentId: job.name, componentType: 'component' as const };
  if (!job.ticking || job.startedAt === undefined)
    return { ...base, status: 'pass', time: now, output: 'off on this instance' };
  const ended = job.lastEndedAt;
  const since = (at: Date) => Math.round((now.getTime() - at.getTime()) / 1000);
  const observed = ended ? { observedValue: since(ended), observedUnit: 's', time: ended } : { time: now };
  const late = LATE_INTERVALS * job.intervalMs;
  const quietFor = now.getTime() - (ended ?? job.startedAt).getTime();
  if (job.runningSince && now.getTime() - job.runningSince.getTime() > late)
    return { ...base, ...observed, status: 'warn', output: 'a run has gone on for three intervals' };
  if (quietFor > late)
    return { ...base, ...observed, status: 'warn', output: 'no run ended for three intervals' };
  if (job.lastFailed) return { ...base, ...observed, status: 'warn', output: 'the last run failed' };
  return { ...base, ...observed, status: 'pass' };
}
