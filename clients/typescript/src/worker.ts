import { IdleBackoff, sleep } from './backoff.ts';
import { createPlatformClient } from './client.ts';
import { apiKey } from './credentials.ts';
import { platformFiles } from './files.ts';
import { ApiError } from './problem.ts';
import { executeRun } from './run-execution.ts';
import type { ClaimedRun, RunHandler, TaskHandlers, WorkerLogger } from './worker-types.ts';

export interface WorkerOptions {
  readonly baseUrl: string;
  /** An `admin` API key of the workspace: the worker's identity, which holds the runs it claims. */
  readonly apiKey: string;
  readonly workspaceId: string;
  /** Only runs of these missions (all of the workspace's by default). */
  readonly missions?: readonly string[];
  /** How many runs are handled at once: with N of them free, one claim asks for up to N runs (`max_runs`). */
  readonly concurrency: number;
  /** Handles every claimed run (runs of the workspace's missions). Give this or `handlers`. */
  readonly handler?: RunHandler;
  /**
   * One handler per task type: the worker claims only the `task` child runs of blueprint steps of these
   * types (`task_types`), each handed to the handler of its `task_type`. Give this or `handler`.
   */
  readonly handlers?: TaskHandlers;
  /** Lease of each claim and heartbeat (5-3600 s, default 60); heartbeats go at a third of it. */
  readonly leaseSeconds?: number;
  /** Waits after an empty queue: from `initialMs`, doubling to `maxMs` (default 500 ms to 10 s). */
  readonly idleBackoff?: { readonly initialMs: number; readonly maxMs: number };
  /** How long `stop()` lets handlers finish before abandoning their runs to the lease (default the lease). */
  readonly drainMs?: number;
  /** Stop on SIGTERM and SIGINT (default true). */
  readonly stopOnSignals?: boolean;
  readonly logger?: WorkerLogger;
  readonly fetch?: (request: Request) => Promise<Response>;
}

export interface Worker {
  /** Claims no more runs, lets the running handlers finish (up to `drainMs`), and resolves once idle. */
  stop(): Promise<void>;
  /** Resolves when the worker has stopped; rejects when it cannot go on (a revoked key, a deleted workspace). */
  readonly stopped: Promise<void>;
}

/**
 * Claims runs of a workspace and hands each to `handler`, `concurrency` at a time, until stopped: one claim
 * asks for as many runs as there are free slots (`max_runs`), so a busy worker claims in batches. An empty
 * queue backs off exponentially; 429 and 503 wait for their `Retry-After`; a network error is retried;
 * a 401, 403 or 404 (the key or its workspace is gone) stops the worker with that error.
 */
export function runWorker(options: WorkerOptions): Worker {
  const leaseSeconds = options.leaseSeconds ?? 60;
  const logger = options.logger ?? consoleLogger;
  const connection = { baseUrl: options.baseUrl, credential: apiKey(options.apiKey), fetch: options.fetch };
  const client = createPlatformClient(connection);
  const files = platformFiles(connection);
  const handler = handlerOf(options);
  const stopping = new AbortController();
  const abandon = new AbortController();
  const context = { client, files, handler, leaseSeconds, logger, abandon: abandon.signal };
  const taskTypes = Object.keys(options.handlers ?? {});
  const claimBody = {
    workspace_id: options.workspaceId,
    lease_seconds: leaseSeconds,
    ...(options.missions?.length ? { mission_ids: [...options.missions] } : {}),
    ...(taskTypes.length ? { task_types: taskTypes } : {}),
  };

  async function claim(maxRuns: number): Promise<ClaimedRun[]> {
    const { data, response } = await client.POST('/api/runs/claim', {
      body: { ...claimBody, max_runs: maxRuns },
    });
    return response.status === 204 || !data || !('runs' in data) ? [] : data.runs;
  }

  // Executions never reject (executeRun reports its failures), so waiting on them is safe.
  const running = new Set<Promise<void>>();
  function execute(run: ClaimedRun): void {
    const execution: Promise<void> = executeRun(run, context).finally(() => running.delete(execution));
    running.add(execution);
  }

  /** Claims as many runs as there are free slots (one claim for all of them), until stopped. */
  async function claimLoop(): Promise<void> {
    const idle = new IdleBackoff(options.idleBackoff ?? { initialMs: 500, maxMs: 10_000 });
    while (!stopping.signal.aborted) {
      const free = options.concurrency - running.size;
      if (free === 0) {
        await Promise.race(running); // a slot frees (a stop's drain or abandon ends every run)
        continue;
      }
      let runs: ClaimedRun[];
      try {
        runs = await claim(free);
      } catch (error) {
        if (!isRetryable(error)) throw error;
        const wait =
          error instanceof ApiError && error.retryAfterSeconds !== undefined
            ? error.retryAfterSeconds * 1000
            : idle.next();
        logger.warn('claim failed; retrying', { error: String(error), wait_ms: wait });
        await sleep(wait, stopping.signal);
        continue;
      }
      if (runs.length === 0) {
        await sleep(idle.next(), stopping.signal);
        continue;
      }
      idle.reset();
      for (const run of runs) execute(run);
    }
  }

  const claiming = claimLoop();
  // A fatal claim error stops the worker; the runs in hand are finished first.
  const stopped = claiming.finally(() => Promise.all(running)).then(() => undefined);
  stopped.catch((error) => {
    logger.error('worker stopping', { error: String(error) });
    stopping.abort();
  });

  async function stop(): Promise<void> {
    stopping.abort();
    const done = new AbortController();
    const drained = await Promise.race([
      Promise.allSettled([claiming, ...running]).then(() => true),
      sleep(options.drainMs ?? leaseSeconds * 1000, done.signal).then(() => done.signal.aborted),
    ]);
    done.abort(); // no drain timer keeps the process alive once the slots are idle
    if (!drained) abandon.abort(new Error('the worker stopped before the handler finished'));
    await Promise.allSettled([claiming, ...running]);
  }

  if (options.stopOnSignals ?? true) {
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info(`${signal}: finishing the runs in hand, claiming no more`);
      void stop();
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
    stopped
      .finally(() => {
        process.off('SIGTERM', onSignal);
        process.off('SIGINT', onSignal);
      })
      .catch(() => {});
  }
  return { stop, stopped };
}

/** The one handler, or a dispatch to the handler of each run's `task_type`. */
function handlerOf({ handler, handlers }: WorkerOptions): RunHandler {
  if (handler && handlers) throw new TypeError('give runWorker either `handler` or `handlers`, not both');
  if (handler) return handler;
  if (!handlers || Object.keys(handlers).length === 0) {
    throw new TypeError('runWorker needs a `handler` or at least one entry in `handlers`');
  }
  return (run, context) => {
    const taskHandler = run.task_type ? handlers[run.task_type] : undefined;
    if (!taskHandler) throw new Error(`no handler for task type ${run.task_type ?? '(none)'}`);
    return taskHandler(run, context);
  };
}

/** A throttled or unavailable server, a 5xx, or no answer at all: worth another claim later. */
function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 429 || error.status >= 500;
  return error instanceof TypeError; // fetch's network failure
}

const consoleLogger: WorkerLogger = {
  info: (message, fields) => console.log(JSON.stringify({ level: 'info', message, ...fields })),
  warn: (message, fields) => console.warn(JSON.stringify({ level: 'warn', message, ...fields })),
  error: (message, fields) => console.error(JSON.stringify({ level: 'error', message, ...fields })),
};
