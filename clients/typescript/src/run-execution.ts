import type { PlatformClient } from './client.ts';
import type { PlatformFiles } from './files.ts';
import { ApiError } from './problem.ts';
import { inRunSpan } from './run-trace.ts';
import {
  type ClaimedRun,
  RunCancelledError,
  type RunHandler,
  type RunOutput,
  type WorkerLogger,
} from './worker-types.ts';

export interface RunExecution {
  readonly client: PlatformClient;
  readonly files: PlatformFiles;
  readonly handler: RunHandler;
  readonly leaseSeconds: number;
  readonly logger: WorkerLogger;
  /** Aborts when the worker gives up on in-flight runs (a stop that outlasted its drain time). */
  readonly abandon: AbortSignal;
}

/**
 * Runs the handler on a claimed run while heartbeating at a third of the lease, then completes the run
 * with the handler's result or error. A run the worker lost (409 on a heartbeat: `run_cancelled` aborts the
 * signal with a `RunCancelledError`, any other 409 with a lost lease) or abandoned is not completed: its lease runs out and the server queues it again. All of it runs in a span continuing the run's
 * trace (see run-trace.ts): the handler's own spans are its children.
 */
export function executeRun(run: ClaimedRun, execution: RunExecution): Promise<void> {
  return inRunSpan(run, (span) => execute(run, execution, span));
}

async function execute(
  run: ClaimedRun,
  { client, files, handler, leaseSeconds, logger, abandon }: RunExecution,
  span: { headers(): Record<string, string>; fail(): void },
) {
  const lost = new AbortController();
  const signal = AbortSignal.any([lost.signal, abandon]);
  const path = { params: { path: { id: run.id } }, headers: span.headers() };
  const fields = { run_id: run.id, mission_id: run.mission_id, attempt: run.attempt };
  const heartbeat = setInterval(
    () => {
      client
        .POST('/api/runs/{id}/heartbeat', { ...path, body: { lease_seconds: leaseSeconds } })
        .catch((error) => {
          if (error instanceof ApiError && error.status === 409) lost.abort(lossOf(run, error));
          else
            logger.warn('heartbeat failed; retrying at the next beat', { ...fields, error: String(error) });
        });
    },
    (leaseSeconds * 1000) / 3,
  );
  let outcome:
    | { status: 'succeeded'; output?: RunOutput }
    | { status: 'failed'; error: Failure; retryable?: boolean };
  try {
    const output = await handler(run, {
      signal,
      log: (message, more) => logger.info(message, { ...fields, ...more }),
      files,
    });
    outcome = output ? { status: 'succeeded', output } : { status: 'succeeded' };
  } catch (error) {
    const retryable = (error as { retryable?: unknown } | null)?.retryable === true;
    outcome = { status: 'failed', error: failureOf(error), ...(retryable && { retryable }) };
    span.fail();
  } finally {
    clearInterval(heartbeat);
  }
  if (signal.aborted) {
    logger.warn('run left to its lease, not completed', { ...fields, reason: String(signal.reason) });
    return;
  }
  await client.POST('/api/runs/{id}/complete', { ...path, body: outcome }).then(
    () => logger.info(`run ${outcome.status}`, fields),
    (error) => {
      // Cancelled while the handler finished: whatever still listens to the signal stops too.
      if (isCancelled(error)) {
        lost.abort(lossOf(run, error));
        logger.warn('the run was cancelled; its result is dropped', fields);
        return;
      }
      logger.error('completing the run failed; it returns to the queue at the end of its lease', {
        ...fields,
        error: String(error),
      });
    },
  );
}

const isCancelled = (error: unknown) => error instanceof ApiError && error.code === 'run_cancelled';

/** Why the handler's signal aborts after a 409 on its run. */
function lossOf(run: ClaimedRun, error: ApiError): Error {
  return isCancelled(error) ? new RunCancelledError(run.id) : new Error('the run was lost: its lease ended');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the API refuses control characters in messages
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

interface Failure {
  message: string;
  code?: string;
}

/** What the API accepts as a run's error: a printable message of 1-4000 characters, a short code. */
function failureOf(error: unknown): Failure {
  const raw = error instanceof Error ? error.message : String(error);
  const message = raw.replace(CONTROL, ' ').slice(0, 4000) || 'failed';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Za-z0-9_.:-]{1,100}$/.test(code) ? { message, code } : { message };
}
