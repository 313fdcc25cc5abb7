import type { Tracer } from '../../../application/kernel/ports/tracer.ts';
import type { ClaimRuns } from '../../../application/runs/claim-runs.ts';
import type { RunTransitions } from '../../../application/runs/run-transitions.ts';
import type { Run } from '../../../domain/runs/run.ts';
import { isFinished, type RunStatus } from '../../../domain/runs/run-status.ts';
import { traced } from '../../platform/tracing/traced.ts';

const runAttributes = (run: Run) => ({
  'run.id': run.id,
  'run.mission_id': run.missionId ?? '',
  'run.workspace_id': run.workspaceId,
  'run.attempt': run.attempt,
  'run.trigger_type': run.triggerType,
});

/**
 * Claims in a span of the worker's request; and each claimed run's claim recorded in the run's own trace (the
 * `traceparent` it was queued under), so that the trace of a webhook delivery shows when its run was claimed.
 */
export function tracedClaimRuns(claimRuns: ClaimRuns, tracer: Tracer): ClaimRuns {
  if (!tracer.enabled) return claimRuns;
  const inSpan = traced(tracer, 'claimRuns', claimRuns);
  return async (principal, input) => {
    const start = new Date();
    const runs = await inSpan(principal, input);
    const end = new Date();
    for (const run of runs) {
      if (run.traceparent)
        tracer.record('run claimed', { parent: run.traceparent, start, end, attributes: runAttributes(run) });
    }
    return runs;
  };
}

/**
 * Every run that finishes (completed, cancelled, failed on an expired lease or timeout) recorded as one span of
 * its trace, from its creation to its end: the run's life beside the requests that moved it.
 */
export function tracedRunTransitions(inner: RunTransitions, tracer: Tracer): RunTransitions {
  if (!tracer.enabled) return inner;
  const finished = (run: Run, from: RunStatus | undefined) => {
    if (!run.traceparent || !run.finishedAt || !isFinished(run.status) || from === run.status) return;
    tracer.record('run', {
      parent: run.traceparent,
      start: run.createdAt,
      end: run.finishedAt,
      attributes: { ...runAttributes(run), 'run.status': run.status },
      failed: run.status === 'failed',
    });
  };
  return {
    async change(runId, change) {
      let from: RunStatus | undefined;
      const run = await inner.change(runId, (locked) => {
        from = locked.status;
        change(locked);
      });
      if (run) finished(run, from);
      return run;
    },
    async expireLeases(now, options, expire) {
      const runs = await inner.expireLeases(now, options, expire);
      for (const run of runs) finished(run, 'running');
      return runs;
    },
  };
}
