import { withWaitBudget } from '../adapters/platform/system/wait-budget.ts';
import { traced } from '../adapters/platform/tracing/traced.ts';
import { runEventRoutes, runStreamOptions } from '../adapters/runs/http/run-event-routes.ts';
import { runRoutes } from '../adapters/runs/http/run-routes.ts';
import { InMemoryRunEventNotifier } from '../adapters/runs/memory/in-memory-run-event-notifier.ts';
import { InMemoryRunEventRepository } from '../adapters/runs/memory/in-memory-run-event-repository.ts';
import { inMemoryRunPurge } from '../adapters/runs/memory/in-memory-run-purge.ts';
import { InMemoryRunRepository } from '../adapters/runs/memory/in-memory-run-repository.ts';
import {
  countedClaimRuns,
  countedRunTransitions,
  countedStartRun,
  type RunMetrics,
  runMetrics,
} from '../adapters/runs/metrics/run-metrics.ts';
import { PostgresRunEventNotifier } from '../adapters/runs/postgres/postgres-run-event-notifier.ts';
import { PostgresRunEventRepository } from '../adapters/runs/postgres/postgres-run-event-repository.ts';
import { postgresRunPurge } from '../adapters/runs/postgres/postgres-run-purge.ts';
import { PostgresRunRepository } from '../adapters/runs/postgres/postgres-run-repository.ts';
import { RunLeaseSweeper } from '../adapters/runs/run-lease-sweeper.ts';
import { tracedClaimRuns, tracedRunTransitions } from '../adapters/runs/tracing/run-tracing.ts';
import type { RetentionPurge } from '../application/kernel/ports/retention-purge.ts';
import type { ActiveRuns } from '../application/missions/ports/active-runs.ts';
import { type AppendRunEvents, makeAppendRunEvents } from '../application/runs/append-run-events.ts';
import { type BulkRuns, makeBulkRuns } from '../application/runs/bulk-runs.ts';
import { type CancelRun, makeCancelRun } from '../application/runs/cancel-run.ts';
import { type ClaimRun, makeClaimRun } from '../application/runs/claim-run.ts';
import { type ClaimRuns, makeClaimRuns } from '../application/runs/claim-runs.ts';
import { type CompleteRun, makeCompleteRun } from '../application/runs/complete-run.ts';
import { type ExpireRunLeases, makeExpireRunLeases } from '../application/runs/expire-run-leases.ts';
import { type FollowRunEvents, makeFollowRunEvents } from '../application/runs/follow-run-events.ts';
import { type GetRun, makeGetRun } from '../application/runs/get-run.ts';
import { type GetRunDetail, makeGetRunDetail } from '../application/runs/get-run-detail.ts';
import { type HeartbeatRun, makeHeartbeatRun } from '../application/runs/heartbeat-run.ts';
import { type ListRunEvents, makeListRunEvents } from '../application/runs/list-run-events.ts';
import { type ListRuns, makeListRuns } from '../application/runs/list-runs.ts';
import type { RunEventNotifier } from '../application/runs/ports/run-event-notifier.ts';
import type { RunEventRepository } from '../application/runs/ports/run-event-repository.ts';
import type { RunOutcomeListener } from '../application/runs/ports/run-outcome-listener.ts';
import type { RunReplay } from '../application/runs/ports/run-replay.ts';
import type { RunRepository } from '../application/runs/ports/run-repository.ts';
import type { RunTokenUsage } from '../application/runs/ports/run-token-usage.ts';
import { RunEventFeed } from '../application/runs/run-event-feed.ts';
import type { RunSettings } from '../application/runs/run-settings.ts';
import { makeRunTransitions, type RunTransitions } from '../application/runs/run-transitions.ts';
import { makeStartRun, type StartRun } from '../application/runs/start-run.ts';
import type { Area } from './area.ts';
import type { ThroughMissions } from './missions.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** Runs, their event logs and the worker protocol that moves them through their states. */
export interface RunsCradle {
  runs: RunRepository;
  /** The missions area's question (a mission with runs in progress is not deleted), answered by `runs`. */
  activeRuns: ActiveRuns;
  runEvents: RunEventRepository;
  /** Retention of finished runs (their events go with them). */
  runPurge: RetentionPurge;
  /** Tells this process about appends to run event logs, whichever instance made them. */
  runEventNotifier: RunEventNotifier;
  runSettings: RunSettings;
  runEventFeed: RunEventFeed;
  runLeaseSweeper: RunLeaseSweeper;
  runTransitions: RunTransitions;
  runMetrics: RunMetrics;
  startRun: StartRun;
  listRuns: ListRuns;
  getRun: GetRun;
  getRunDetail: GetRunDetail;
  cancelRun: CancelRun;
  /** `POST /api/runs/bulk`: cancel or replay many runs through the single actions. */
  bulkRuns: BulkRuns;
  claimRun: ClaimRun;
  claimRuns: ClaimRuns;
  heartbeatRun: HeartbeatRun;
  completeRun: CompleteRun;
  expireRunLeases: ExpireRunLeases;
  appendRunEvents: AppendRunEvents;
  listRunEvents: ListRunEvents;
  followRunEvents: FollowRunEvents;
}

/** What runs ask of later areas: who to tell of a finished run, in its transaction (the webhooks' outbox), and token usage. */
export interface RunsNeeds {
  runOutcomeListeners: readonly RunOutcomeListener[];
  /** The token usage `GET /api/runs/{id}` shows: the agents area answers it. */
  runTokenUsage: RunTokenUsage;
  /** Replays a finished run for `POST /api/runs/bulk`: the blueprints area answers it. */
  replayRun: RunReplay;
}

export type ThroughRuns = ThroughMissions & RunsCradle & RunsNeeds;

const { singleton, value } = registrar<ThroughRuns>();
const { stored } = adaptersFor<ThroughRuns>();

export const runs: Area<RunsCradle, ThroughRuns> = {
  name: 'runs',
  register: ({ config, persistence }) => {
    // In memory, the run and event repositories tell one notifier of their appends.
    const memoryNotifier = new InMemoryRunEventNotifier();
    return {
      runEventNotifier: singleton(
        stored(persistence, {
          postgres: ({ caching }, deps) =>
            new PostgresRunEventNotifier({ postgresListener: caching.listener(deps) }),
          memory: () => memoryNotifier,
        }),
        () => (persistence.kind === 'postgres' ? persistence.caching.close() : undefined),
      ),
      runs: singleton(
        stored(persistence, {
          postgres: ({ db }) => new PostgresRunRepository({ db }),
          memory: (store) => new InMemoryRunRepository({ store, runEventNotifier: memoryNotifier }),
        }),
      ),
      activeRuns: singleton(({ runs }) => runs),
      runPurge: singleton(
        stored(persistence, {
          postgres: ({ db }) => postgresRunPurge(db),
          memory: (store) => inMemoryRunPurge(store),
        }),
      ),
      runEvents: singleton(
        stored(persistence, {
          postgres: ({ db }) => new PostgresRunEventRepository({ db }),
          memory: (store) => new InMemoryRunEventRepository({ store, runEventNotifier: memoryNotifier }),
        }),
      ),
      runSettings: value({
        maxAttempts: config.runs.maxAttempts,
        defaultLeaseSeconds: config.runs.defaultLeaseSeconds,
      }),
      runEventFeed: singleton(
        (deps) => new RunEventFeed(deps),
        (feed) => feed.close(),
      ),
      // Expired worker leases go back to the queue even when no worker of their workspace polls.
      runLeaseSweeper: singleton(
        ({ expireRunLeases, logger }) =>
          new RunLeaseSweeper({ expireRunLeases, logger, intervalSeconds: config.runs.sweepIntervalSeconds }),
        (sweeper) => sweeper.stop(),
      ),
      runMetrics: singleton(({ metrics }) => runMetrics(metrics)),
      runTransitions: singleton((deps) =>
        tracedRunTransitions(countedRunTransitions(makeRunTransitions(deps), deps.runMetrics), deps.tracer),
      ),
      startRun: singleton((deps) =>
        traced(deps.tracer, 'startRun', countedStartRun(makeStartRun(deps), deps.runMetrics)),
      ),
      listRuns: singleton(makeListRuns),
      getRun: singleton(makeGetRun),
      getRunDetail: singleton(makeGetRunDetail),
      cancelRun: singleton(makeCancelRun),
      // Each run's action waits on the database within a request's budget of its own, as its single route would.
      bulkRuns: singleton(({ runs, workspaceAccess, cancelRun, replayRun }) =>
        makeBulkRuns({
          runs,
          workspaceAccess,
          cancelRun,
          replayRun,
          eachRun: (work) => withWaitBudget(config.databaseDeadlines.requestBudgetMs, work),
        }),
      ),
      // Claims one through claimRuns, which counts it.
      claimRun: singleton(makeClaimRun),
      claimRuns: singleton((deps) =>
        tracedClaimRuns(countedClaimRuns(makeClaimRuns(deps), deps.runMetrics), deps.tracer),
      ),
      heartbeatRun: singleton((deps) => traced(deps.tracer, 'heartbeatRun', makeHeartbeatRun(deps))),
      completeRun: singleton((deps) => traced(deps.tracer, 'completeRun', makeCompleteRun(deps))),
      expireRunLeases: singleton(makeExpireRunLeases),
      appendRunEvents: singleton((deps) => traced(deps.tracer, 'appendRunEvents', makeAppendRunEvents(deps))),
      listRunEvents: singleton(makeListRunEvents),
      followRunEvents: singleton(makeFollowRunEvents),
    };
  },
  routes: (deps) => [...runRoutes(deps), ...runEventRoutes(deps, runStreamOptions(deps))],
  jobs: ({ runLeaseSweeper }) => [runLeaseSweeper],
  retention: ({ runPurge }) => [runPurge],
  metrics: ({ runMetrics: _declared }) => {},
  // Open event streams would hold the server open: end them (clients resume elsewhere with Last-Event-ID).
  shutdown: ({ runEventFeed }) => runEventFeed.close(),
};
