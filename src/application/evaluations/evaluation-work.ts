import { agentMessageOf, type Evaluation, missionInputOf } from '../../domain/evaluations/evaluation.ts';
import type { EvaluationItem } from '../../domain/evaluations/evaluation-item.ts';
import { SCORING_LEASE_SECONDS } from '../../domain/evaluations/evaluation-item.ts';
import { Run } from '../../domain/runs/index.ts';
import type { StartAgentRun, ThreadRepository } from '../agents/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { type MissionBlueprints, type MissionRepository, runBlueprintOf } from '../missions/index.ts';
import type { RunOutcomeListener, RunRepository, RunTokenUsage } from '../runs/index.ts';
import type { EvaluationRepository } from './ports/evaluation-repository.ts';
import type { ScoreItem } from './score-item.ts';

/** Evaluations each pass of an instance looks at. */
const EVALUATIONS_PER_PASS = 16;
/** Items an instance scores per pass. */
const ITEMS_PER_PASS = 32;

export interface EvaluationWorkDeps {
  readonly evaluations: EvaluationRepository;
  readonly missions: MissionRepository;
  readonly missionBlueprints: MissionBlueprints;
  readonly runs: RunRepository;
  readonly threads: ThreadRepository;
  readonly startAgentRun: StartAgentRun;
  readonly nudgeAgents: () => void;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * One pass of an instance over running evaluations: for each it holds (row lock, skipping those another
 * instance holds), starts pending items while fewer than `concurrency` are in flight, each item's run queued
 * in the transaction that marks the item started (so a crash never starts one twice), and ends evaluations
 * whose items are all done (or whose target went away). Answers how many runs it started.
 */
export type StartEvaluationItems = () => Promise<number>;

export function makeStartEvaluationItems(deps: EvaluationWorkDeps): StartEvaluationItems {
  return async () => {
    let agentRuns = false;
    const started = await deps.unitOfWork.transaction(async () => {
      let count = 0;
      for (const evaluation of await deps.evaluations.lockRunning(EVALUATIONS_PER_PASS)) {
        const free = evaluation.concurrency - (await deps.evaluations.countInFlight(evaluation.id));
        const pending = free > 0 ? await deps.evaluations.lockPending(evaluation.id, free) : [];
        if (pending.length === 0) {
          if (await deps.evaluations.allDone(evaluation.id))
            await deps.evaluations.finish(evaluation.id, 'succeeded', null, deps.clock.now());
          continue;
        }
        for (const item of pending) {
          const runId = await startRun(deps, evaluation, item);
          if (runId === undefined) {
            await deps.evaluations.finish(
              evaluation.id,
              'failed',
              'the evaluated target was deleted',
              deps.clock.now(),
            );
            break;
          }
          await deps.evaluations.markStarted(evaluation.id, item.itemId, runId);
          agentRuns ||= 'agentId' in evaluation.target;
          count += 1;
        }
      }
      return count;
    });
    if (agentRuns) deps.nudgeAgents();
    return started;
  };
}

async function startRun(deps: EvaluationWorkDeps, evaluation: Evaluation, item: EvaluationItem) {
  const now = deps.clock.now();
  const trigger = { id: evaluation.id, itemId: item.itemId };
  const { target } = evaluation;
  if ('missionId' in target) {
    const mission = await deps.missions.findById(target.missionId);
    if (!mission) return undefined;
    const run = Run.queue({
      id: deps.ids.newId(),
      missionId: mission.id,
      workspaceId: mission.workspaceId,
      triggerType: 'evaluation',
      evaluation: trigger,
      input: missionInputOf(item.input),
      policy: mission.policy,
      blueprint: await runBlueprintOf(deps, mission),
      now,
    });
    if (!(await deps.runs.add(run))) throw new Error(`item ${item.itemId} already has a run`);
    return run.id;
  }
  const threadId = deps.ids.newId();
  const thread = {
    id: threadId,
    workspaceId: evaluation.workspaceId,
    agentId: target.agentId,
    metadata: { evaluation_id: evaluation.id, item_id: item.itemId },
    createdBy: null,
    createdAt: now,
  };
  try {
    await deps.threads.add(thread);
  } catch {
    return undefined;
  }
  const { run } = await deps.startAgentRun({
    workspaceId: evaluation.workspaceId,
    threadId,
    agentId: target.agentId,
    version: target.version,
    content: agentMessageOf(item.input).slice(0, 32_000) || ' ',
    parentId: null,
    evaluation: trigger,
  });
  return run.id;
}

/** Told of every finished run in its transaction: an evaluation's run records its outcome on its item. */
export function makeRecordEvaluationRun(deps: {
  evaluations: EvaluationRepository;
  runTokenUsage: RunTokenUsage;
  nudgeEvaluations: () => void;
}): RunOutcomeListener {
  return async (run) => {
    if (run.evaluationId === null) return;
    const tokens = await deps.runTokenUsage.ofRun(run.id);
    const succeeded = run.status === 'succeeded';
    const recorded = await deps.evaluations.recordOutcome(run.id, {
      output: !succeeded ? null : run.agentId !== null ? (run.output?.message ?? null) : run.output,
      error: succeeded
        ? null
        : {
            code: run.error?.code ?? `run_${run.status}`,
            message: run.error?.message ?? `the run was ${run.status}`,
          },
      latencyMs:
        run.startedAt && run.finishedAt
          ? Math.max(0, run.finishedAt.getTime() - run.startedAt.getTime())
          : null,
      inputTokens: tokens?.inputTokens ?? 0,
      outputTokens: tokens?.outputTokens ?? 0,
    });
    if (recorded) deps.nudgeEvaluations();
  };
}

/**
 * One pass of scoring: items whose run finished, taken under a lease (an instance that stops mid-way lets it
 * run out: another scores the item again; its run is never repeated), scored, stored while the lease holds.
 */
export type ScoreEvaluationItems = () => Promise<number>;

export function makeScoreEvaluationItems(deps: {
  evaluations: EvaluationRepository;
  scoreItem: ScoreItem;
  clock: Clock;
  owner: string;
}): ScoreEvaluationItems {
  return async () => {
    const now = deps.clock.now();
    const until = new Date(now.getTime() + SCORING_LEASE_SECONDS * 1000);
    const items = await deps.evaluations.takeToScore(deps.owner, now, until, ITEMS_PER_PASS);
    const seen = new Map<string, Evaluation | undefined>();
    for (const item of items) {
      if (!seen.has(item.evaluationId))
        seen.set(item.evaluationId, await deps.evaluations.findById(item.evaluationId));
      const evaluation = seen.get(item.evaluationId);
      if (!evaluation) continue;
      const { scores, errors } = await deps.scoreItem(evaluation.scorers, evaluation.workspaceId, item);
      await deps.evaluations.storeScores(
        { evaluationId: item.evaluationId, itemId: item.itemId, scores, scoreErrors: errors },
        deps.owner,
      );
    }
    return items.length;
  };
}
