// claim_complete: N workers (connections), each claiming queued runs and completing every run it is handed
// out. With --claim-batch N > 1 a claim asks for up to N runs (`max_runs`), answered 200 `{runs: [...]}`
// or 204. The queue is filled before each measurement with more runs than the last one got through, so it
// does not run dry; a claim answered 204 is reported (the figure would then understate the server).
import type { Request } from 'autocannon';
import autocannon from 'autocannon';
import type { Fixture } from './fixture.ts';
import type { BenchOptions } from './flags.ts';
import type { Measure } from './scenarios.ts';
import { type RunFigures, runFigures } from './stats.ts';

/** Runs per second assumed before the first measurement tells. */
const FIRST_GUESS = 1000;

export function claimComplete(fixture: Fixture, base: string, options: BenchOptions): Measure {
  const { workspaceId, missionId, keys } = fixture.claims;
  const batch = options.claimBatch;
  const claimBody = JSON.stringify({
    workspace_id: workspaceId,
    mission_ids: [missionId],
    lease_seconds: 300,
    ...(batch > 1 ? { max_runs: batch } : {}),
  });
  const completeBody = JSON.stringify({ status: 'succeeded', output: {} });
  let perSecond = FIRST_GUESS;
  /** Runs queued and not yet handed out (those claimed but left uncompleted at a stop are gone). */
  let backlog = 0;

  return async (duration: number): Promise<RunFigures> => {
    // Twice what the last measurement got through: a run may go faster than its warm-up did.
    const wanted = Math.ceil(perSecond * duration * 2);
    if (wanted > backlog) {
      await fixture.queueRuns(wanted - backlog);
      backlog = wanted;
    }
    let nextKey = 0;
    let handedOut = 0;
    let completed = 0;
    let empty = 0;
    /** The first claim answered neither 200 nor 204 (a server without `max_runs` answers 400), to show. */
    let refused: string | undefined;
    const auth = (request: Request, key: unknown) => ({
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${key}` },
    });
    const complete: Request = {
      method: 'POST',
      body: completeBody,
      setupRequest: (request, context) => {
        const id = (context.runs as string[]).shift();
        return id ? { ...auth(request, context.key), path: `/api/runs/${id}/complete` } : undefined;
      },
      onResponse: (status) => {
        if (status === 200) completed++;
      },
    };
    const result = await autocannon({
      url: `${base}/api/runs/claim`,
      connections: options.workers,
      duration,
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          body: claimBody,
          // Each cycle is one worker's: its key claims, and the same key completes what it was handed.
          setupRequest: (request, context) => {
            context.key = keys[nextKey++ % keys.length];
            context.runs = [];
            return auth(request, context.key);
          },
          onResponse: (status, body, context) => {
            if (status === 204) empty++;
            else if (status !== 200) refused ??= `${status} ${body.slice(0, 300)}`;
            if (status !== 200) return;
            const answer = JSON.parse(body) as { id: string } | { runs: Array<{ id: string }> };
            context.runs = 'runs' in answer ? answer.runs.map((run) => run.id) : [answer.id];
            handedOut += (context.runs as string[]).length;
          },
        },
        ...Array.from({ length: batch }, () => ({ ...complete })),
      ],
    });
    backlog -= handedOut;
    perSecond = Math.max(100, completed / result.duration);
    if (refused) console.warn(`claim_complete: a claim answered ${refused}`);
    if (empty > 0) console.warn(`claim_complete: the queue ran dry (${empty} claims answered 204)`);
    return runFigures(result, completed);
  };
}
