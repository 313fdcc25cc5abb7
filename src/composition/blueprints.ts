import { BlueprintEngine } from '../adapters/blueprints/blueprint-engine.ts';
import { CanonicalGraphDigest } from '../adapters/blueprints/canonical-graph-digest.ts';
import { GuardedHttpCaller } from '../adapters/blueprints/guarded-http-caller.ts';
import { presentApproval } from '../adapters/blueprints/http/approval-presenters.ts';
import { approvalRoutes } from '../adapters/blueprints/http/approval-routes.ts';
import { blueprintRoutes } from '../adapters/blueprints/http/blueprint-routes.ts';
import { stepRoutes } from '../adapters/blueprints/http/step-routes.ts';
import { templateRoutes } from '../adapters/blueprints/http/template-routes.ts';
import { JsonataExpressions } from '../adapters/blueprints/jsonata-expressions.ts';
import { InMemoryApprovalRepository } from '../adapters/blueprints/memory/in-memory-approval-repository.ts';
import { InMemoryBlueprintRepository } from '../adapters/blueprints/memory/in-memory-blueprint-repository.ts';
import { InMemoryStepRepository } from '../adapters/blueprints/memory/in-memory-step-repository.ts';
import { CountedStepRepository } from '../adapters/blueprints/metrics/counted-step-repository.ts';
import { PostgresEngineWakeUps } from '../adapters/blueprints/postgres/engine-wake-ups.ts';
import { PostgresApprovalRepository } from '../adapters/blueprints/postgres/postgres-approval-repository.ts';
import { PostgresBlueprintRepository } from '../adapters/blueprints/postgres/postgres-blueprint-repository.ts';
import { PostgresStepRepository } from '../adapters/blueprints/postgres/postgres-step-repository.ts';
import { Rfc6902JsonDiff } from '../adapters/blueprints/rfc6902-json-diff.ts';
import { readTemplateFiles } from '../adapters/blueprints/template-files.ts';
import { checkedTemplates } from '../application/blueprints/checked-templates.ts';
import { type CreateBlueprint, makeCreateBlueprint } from '../application/blueprints/create-blueprint.ts';
import {
  type CreateBlueprintVersion,
  makeCreateBlueprintVersion,
} from '../application/blueprints/create-blueprint-version.ts';
import { type DecideApproval, makeDecideApproval } from '../application/blueprints/decide-approval.ts';
import { type DeleteBlueprint, makeDeleteBlueprint } from '../application/blueprints/delete-blueprint.ts';
import {
  type DiffBlueprintVersions,
  makeDiffBlueprintVersions,
} from '../application/blueprints/diff-blueprint-versions.ts';
import { makeEndRunApprovals } from '../application/blueprints/end-run-approvals.ts';
import { type AdvanceRun, makeAdvanceRun } from '../application/blueprints/engine/advance-run.ts';
import { type CarryOutStep, makeCarryOutStep } from '../application/blueprints/engine/carry-out-step.ts';
import {
  type CancelChildRuns,
  makeCancelChildRuns,
  makeTimeOutBlueprintRuns,
  type TimeOutBlueprintRuns,
} from '../application/blueprints/engine/end-blueprint-runs.ts';
import { makeFollowApprovalDecisions } from '../application/blueprints/engine/follow-approval-decisions.ts';
import { makeFollowRunOutcomes } from '../application/blueprints/engine/follow-run-outcomes.ts';
import { makeRunGraphs, type RunGraphs } from '../application/blueprints/engine/run-graphs.ts';
import {
  makeStartBlueprintRuns,
  type StartBlueprintRuns,
} from '../application/blueprints/engine/start-blueprint-runs.ts';
import { makeTakeDueSteps, type TakeDueSteps } from '../application/blueprints/engine/take-due-steps.ts';
import { type ExpireApprovals, makeExpireApprovals } from '../application/blueprints/expire-approvals.ts';
import { type GetApproval, makeGetApproval } from '../application/blueprints/get-approval.ts';
import { type GetBlueprint, makeGetBlueprint } from '../application/blueprints/get-blueprint.ts';
import {
  type GetBlueprintVersion,
  makeGetBlueprintVersion,
} from '../application/blueprints/get-blueprint-version.ts';
import { type ListApprovals, makeListApprovals } from '../application/blueprints/list-approvals.ts';
import {
  type ListBlueprintVersions,
  makeListBlueprintVersions,
} from '../application/blueprints/list-blueprint-versions.ts';
import { type ListBlueprints, makeListBlueprints } from '../application/blueprints/list-blueprints.ts';
import { type ListSteps, makeListSteps } from '../application/blueprints/list-steps.ts';
import { type ListTemplates, makeListTemplates } from '../application/blueprints/list-templates.ts';
import { makeMissionBlueprints } from '../application/blueprints/mission-blueprints.ts';
import { makeOpenApproval, type OpenApproval } from '../application/blueprints/open-approval.ts';
import type { AgentStepRunner } from '../application/blueprints/ports/agent-step-runner.ts';
import type { ApprovalDecisionListener } from '../application/blueprints/ports/approval-decision-listener.ts';
import type { ApprovalRepository } from '../application/blueprints/ports/approval-repository.ts';
import type { BlueprintRepository } from '../application/blueprints/ports/blueprint-repository.ts';
import type { ExpressionLanguage } from '../application/blueprints/ports/expression-language.ts';
import type { GraphDigest } from '../application/blueprints/ports/graph-digest.ts';
import type { HttpCaller } from '../application/blueprints/ports/http-caller.ts';
import type { JsonDiff } from '../application/blueprints/ports/json-diff.ts';
import type { StepRepository } from '../application/blueprints/ports/step-repository.ts';
import { makeReplayRun, type ReplayRun } from '../application/blueprints/replay-run.ts';
import { makeRetryRun, type RetryRun } from '../application/blueprints/retry-run.ts';
import { makeUpdateBlueprint, type UpdateBlueprint } from '../application/blueprints/update-blueprint.ts';
import { makeValidateGraph, type ValidateGraph } from '../application/blueprints/validate-graph.ts';
import type { MissionBlueprints } from '../application/missions/index.ts';
import type { RunOutcomeListener } from '../application/runs/index.ts';
import type { Approval } from '../domain/blueprints/approval.ts';
import type { BlueprintTemplate } from '../domain/blueprints/blueprint-template.ts';
import type { JsonObject } from '../domain/kernel/json-document.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';
import type { ThroughSandboxes } from './sandboxes.ts';

/** Blueprints: versioned workflow graphs (CONTRACT section 9). */
export interface BlueprintsCradle {
  blueprints: BlueprintRepository;
  expressions: ExpressionLanguage;
  graphDigest: GraphDigest;
  jsonDiff: JsonDiff;
  /** The built-in templates, read from their files and checked once: an invalid one fails the start. */
  blueprintTemplates: readonly BlueprintTemplate[];
  listTemplates: ListTemplates;
  createBlueprint: CreateBlueprint;
  listBlueprints: ListBlueprints;
  getBlueprint: GetBlueprint;
  updateBlueprint: UpdateBlueprint;
  deleteBlueprint: DeleteBlueprint;
  createBlueprintVersion: CreateBlueprintVersion;
  listBlueprintVersions: ListBlueprintVersions;
  getBlueprintVersion: GetBlueprintVersion;
  diffBlueprintVersions: DiffBlueprintVersions;
  validateGraph: ValidateGraph;
  /** The missions area's question: whether a mission may run a blueprint. */
  missionBlueprints: MissionBlueprints;
  steps: StepRepository;
  httpCaller: HttpCaller;
  runGraphs: RunGraphs;
  advanceRun: AdvanceRun;
  carryOutStep: CarryOutStep;
  takeDueSteps: TakeDueSteps;
  startBlueprintRuns: StartBlueprintRuns;
  timeOutBlueprintRuns: TimeOutBlueprintRuns;
  cancelChildRuns: CancelChildRuns;
  /** NOTIFY wake-ups of every instance's engine (PostgreSQL only). */
  engineWakeUps: PostgresEngineWakeUps | undefined;
  blueprintEngine: BlueprintEngine;
  nudgeEngine: () => void;
  /** The runs area tells these of a finished run: the webhooks' outbox writer, and the engine. */
  runOutcomeListeners: readonly RunOutcomeListener[];
  listSteps: ListSteps;
  retryRun: RetryRun;
  replayRun: ReplayRun;
  approvals: ApprovalRepository;
  /** An approval as the API shows it (the `approval.requested` message's `data.approval`). */
  approvalView: (approval: Approval) => JsonObject;
  /** For the engine and later areas (an agent's tool call): opens an approval for a run. */
  openApproval: OpenApproval;
  /**
   * Told of each decision or expiry, in its transaction: the engine's listener. A later area that opens
   * approvals (agents) registers this list again with its own listener added after the engine's.
   */
  approvalDecisionListeners: readonly ApprovalDecisionListener[];
  listApprovals: ListApprovals;
  getApproval: GetApproval;
  decideApproval: DecideApproval;
  expireApprovals: ExpireApprovals;
}

/** What blueprints ask of later areas: the agents area runs `agent` nodes. */
export interface BlueprintsNeeds {
  agentStepRunner: AgentStepRunner;
}

export type ThroughBlueprints = ThroughSandboxes & BlueprintsCradle & BlueprintsNeeds;

/**
 * The run outcome listeners up to this area: the webhooks' outbox writer, then the engine's. A later area that
 * listens too registers `runOutcomeListeners` again with these first (as approvals' listeners are).
 */
export function blueprintRunOutcomeListeners({
  recordRunOutcome,
  approvals,
  steps,
  runEvents,
  clock,
  blueprintEngine,
}: ThroughBlueprints): RunOutcomeListener[] {
  return [
    recordRunOutcome,
    // Before the steps: the lock order of approval-repository.ts (run, approvals, steps).
    makeEndRunApprovals({ approvals, clock }),
    makeFollowRunOutcomes({
      steps,
      runEvents,
      clock,
      childRunsToCancel: (ids) => blueprintEngine.cancelLater(ids),
      nudge: () => blueprintEngine.nudge('steps'),
    }),
  ];
}

const { singleton, instance, value } = registrar<ThroughBlueprints>();
const { stored } = adaptersFor<ThroughBlueprints>();

export const blueprints: Area<BlueprintsCradle, ThroughBlueprints> = {
  name: 'blueprints',
  register: ({ config, persistence }) => ({
    blueprints: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresBlueprintRepository({ db }),
        memory: (store) => new InMemoryBlueprintRepository({ store }),
      }),
    ),
    expressions: singleton(
      () => new JsonataExpressions({ threads: config.sandbox.threads }),
      (expressions) => (expressions as JsonataExpressions).close(),
    ),
    graphDigest: instance(CanonicalGraphDigest),
    jsonDiff: instance(Rfc6902JsonDiff),
    blueprintTemplates: singleton(({ expressions }) => checkedTemplates(readTemplateFiles(), expressions)),
    listTemplates: singleton(makeListTemplates),
    createBlueprint: singleton(makeCreateBlueprint),
    listBlueprints: singleton(makeListBlueprints),
    getBlueprint: singleton(makeGetBlueprint),
    updateBlueprint: singleton(makeUpdateBlueprint),
    deleteBlueprint: singleton(makeDeleteBlueprint),
    createBlueprintVersion: singleton(makeCreateBlueprintVersion),
    listBlueprintVersions: singleton(makeListBlueprintVersions),
    getBlueprintVersion: singleton(makeGetBlueprintVersion),
    diffBlueprintVersions: singleton(makeDiffBlueprintVersions),
    validateGraph: singleton(makeValidateGraph),
    missionBlueprints: singleton(makeMissionBlueprints),
    steps: singleton((deps) => {
      const steps = stored(persistence, {
        postgres: ({ db }) => new PostgresStepRepository({ db }),
        memory: (store) => new InMemoryStepRepository({ store }),
      })(deps);
      // Each step's end counted by node kind and outcome (blueprint_steps_total).
      return new CountedStepRepository(steps, deps.metrics);
    }),
    httpCaller: singleton(
      () => new GuardedHttpCaller({ allowPrivate: config.outboundWebhooks.allowPrivate }),
    ),
    runGraphs: singleton(makeRunGraphs),
    advanceRun: singleton(makeAdvanceRun),
    carryOutStep: singleton(makeCarryOutStep),
    takeDueSteps: singleton((deps) => makeTakeDueSteps(deps, config.blueprintEngine.leaseSeconds)),
    startBlueprintRuns: singleton(makeStartBlueprintRuns),
    timeOutBlueprintRuns: singleton(makeTimeOutBlueprintRuns),
    cancelChildRuns: singleton(makeCancelChildRuns),
    engineWakeUps: singleton(
      stored(persistence, {
        // Every instance's engine hears of work made on any (NOTIFY); in memory there is one instance.
        postgres: ({ db, caching }, deps) =>
          new PostgresEngineWakeUps({ db, postgresListener: caching.listener(deps) }),
        memory: () => undefined,
      }),
    ),
    blueprintEngine: singleton(
      (deps) =>
        new BlueprintEngine(deps, {
          pollMs: config.blueprintEngine.pollIntervalMs,
          concurrency: config.blueprintEngine.concurrency,
          leaseSeconds: config.blueprintEngine.leaseSeconds,
        }),
      (engine) => engine.stop(),
    ),
    nudgeEngine: singleton(({ blueprintEngine, engineWakeUps }) => () => {
      blueprintEngine.nudge();
      engineWakeUps?.announce();
    }),
    runOutcomeListeners: singleton(blueprintRunOutcomeListeners),
    listSteps: singleton(makeListSteps),
    retryRun: singleton(makeRetryRun),
    replayRun: singleton(makeReplayRun),
    approvals: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresApprovalRepository({ db }),
        memory: (store) => new InMemoryApprovalRepository({ store }),
      }),
    ),
    approvalView: value(presentApproval),
    openApproval: singleton(makeOpenApproval),
    approvalDecisionListeners: singleton(({ steps, clock, blueprintEngine }) => [
      makeFollowApprovalDecisions({ steps, clock, nudge: () => blueprintEngine.nudge() }),
    ]),
    listApprovals: singleton(makeListApprovals),
    getApproval: singleton(makeGetApproval),
    decideApproval: singleton(makeDecideApproval),
    expireApprovals: singleton(makeExpireApprovals),
  }),
  routes: (deps) => [
    ...blueprintRoutes(deps),
    ...stepRoutes(deps),
    ...templateRoutes(deps),
    ...approvalRoutes(deps),
  ],
  jobs: ({ blueprintEngine }) => [blueprintEngine],
  // Resolving the steps declares their metric.
  metrics: ({ steps }) => void steps,
};
