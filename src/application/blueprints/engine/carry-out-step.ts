import type { GraphNode } from '../../../domain/blueprints/graph.ts';
import type { Step, StepFailure, StepStatus } from '../../../domain/blueprints/step.ts';
import type { Run } from '../../../domain/runs/index.ts';
import type { RunSettings } from '../../runs/index.ts';
import type { OpenApproval } from '../open-approval.ts';
import type { AgentStepRunner } from '../ports/agent-step-runner.ts';
import type { ApprovalRepository } from '../ports/approval-repository.ts';
import type { BlueprintRepository } from '../ports/blueprint-repository.ts';
import type { AdvanceDeps, AdvanceRun } from './advance-run.ts';
import { addMapChildren, collectMap } from './collect-map.ts';
import { expressionContext, finishedOutputs, nodeInput, takenEdges } from './expression-context.ts';
import { MAX_BLUEPRINT_DEPTH, type NodeDeps, type NodeResult, runNode } from './run-node.ts';

/** A step the engine took (steps.takeDue), with the status it had: what to do with it follows from it. */
export interface TakenStep {
  readonly step: Step;
  readonly was: StepStatus;
}

export type CarryOutStep = (taken: TakenStep) => Promise<string[]>;

export type CarryOutDeps = AdvanceDeps &
  NodeDeps & {
    readonly advanceRun: AdvanceRun;
    readonly runSettings: RunSettings;
    readonly approvals: ApprovalRepository;
    readonly openApproval: OpenApproval;
    readonly blueprints: BlueprintRepository;
    readonly agentStepRunner: AgentStepRunner;
  };

/**
 * Acts on one step the engine took. A pending one was started (its start committed): its input is evaluated
 * and its node carried out, off any lock, and the result committed with what follows from it. A waiting one
 * has waited long enough, or its approval was decided (the decision completes the step). A running one with
 * a child run has a finished child (its outcome completes the step). A running one without a child outlived
 * its lease: the instance carrying it out is gone, so the attempt counts as interrupted and is retried while
 * attempts remain. A cancelled one has a child run to cancel. Returns child runs to cancel.
 */
export function makeCarryOutStep(deps: CarryOutDeps): CarryOutStep {
  return async ({ step, was }) => {
    if (was === 'pending') return attempt(deps, step);
    if (was === 'cancelled') return cancelChild(deps, step);
    if (was === 'waiting' && step.approvalId !== null) return collectApproval(deps, step);
    if (was === 'waiting') return finish(deps, step, { type: 'succeeded', output: step.input }, step.input);
    if (step.childRunId !== null) return collectChild(deps, step);
    if (step.mapChildren !== null) {
      const collected = await collectMap(deps, step);
      const cancel = collected.result ? await finish(deps, step, collected.result, step.input) : [];
      return [...cancel, ...collected.cancel];
    }
    const error = { code: 'interrupted', message: 'the instance carrying out the step stopped' };
    return finish(
      deps,
      step,
      { type: 'failed', error, retryable: true },
      step.input,
      deps.runSettings.maxAttempts,
    );
  };
}

async function attempt(deps: CarryOutDeps, step: Step): Promise<string[]> {
  const run = await deps.runs.findById(step.runId);
  if (run?.status !== 'running') return [];
  const graph = await deps.runGraphs.graphOf(run);
  const node = graph.nodes.find(({ id }) => id === step.nodeId) as GraphNode;
  const outputs = finishedOutputs(await deps.steps.listForRun(run.id));
  let input: unknown = null;
  let result: NodeResult;
  try {
    input = await nodeInput(deps.expressions, graph, node.id, run.input, outputs);
    const context = expressionContext(run.input, outputs);
    const now = deps.clock.now();
    const depth = node.kind === 'blueprint' ? await depthOf(deps, run) : 0;
    result = await runNode(deps, { run, node, input, context, startedAt: step.startedAt ?? now, now, depth });
  } catch (error) {
    result = expressionError(error);
  }
  return finish(deps, step, result, input, undefined, undefined, run, outputs);
}

/** The outcome of a finished child run completes its step (its retries were the child's own attempts). */
async function collectChild(deps: CarryOutDeps, step: Step): Promise<string[]> {
  const child = await deps.runs.findById(step.childRunId as string);
  if (!child || !['succeeded', 'failed', 'cancelled'].includes(child.status)) {
    return deps.advanceRun(
      step.runId,
      (steps) => void steps.find((s) => s.nodeId === step.nodeId)?.lease(null),
    );
  }
  const result: NodeResult =
    child.status === 'succeeded'
      ? { type: 'succeeded', output: child.output }
      : {
          type: 'failed',
          error: {
            code: child.error?.code ?? (child.status === 'cancelled' ? 'cancelled' : 'child_failed'),
            message: child.error?.message ?? `the child run was ${child.status}`,
          },
          retryable: false,
        };
  return finish(deps, step, result, step.input, undefined, child);
}

/**
 * The child run of a step cancelled with its run: cancelled first (a finished one stays as it is), then the step
 * cleared; a crash in between leaves the step due, and the next pass cancels the child again (a no-op).
 */
async function cancelChild(deps: CarryOutDeps, step: Step): Promise<string[]> {
  for (const childRunId of step.childRunIds) {
    await deps.runTransitions.change(childRunId, (child) => {
      if (child.status === 'queued' || child.status === 'running') child.cancel(deps.clock.now());
    });
  }
  return deps.advanceRun(
    step.runId,
    (steps) => void steps.find((s) => s.nodeId === step.nodeId)?.childCancelled(),
  );
}

/** A decided or expired approval completes its step: approved succeeds it, rejected or expired fails it. */
async function collectApproval(deps: CarryOutDeps, step: Step): Promise<string[]> {
  const approval = await deps.approvals.findById(step.approvalId as string);
  if (approval?.status === 'pending') {
    return deps.advanceRun(
      step.runId,
      (steps) => void steps.find((s) => s.nodeId === step.nodeId)?.lease(null),
    );
  }
  const refused = (code: string, message: string): NodeResult => ({
    type: 'failed',
    error: { code, message },
    retryable: false,
  });
  const result: NodeResult =
    approval === undefined
      ? refused('approval_timeout', 'the approval no longer exists')
      : approval.status === 'approved'
        ? { type: 'succeeded', output: approval.approvedOutput }
        : approval.status === 'rejected'
          ? refused(
              'rejected',
              `rejected by ${approval.decidedBy}${approval.comment ? `: ${approval.comment}` : ''}`,
            )
          : refused('approval_timeout', approval.comment ?? 'nobody decided before the approval expired');
  return finish(deps, step, result, step.input);
}

/** Commits an attempt's result with what follows from it (the walk's next steps, or the run's end). */
async function finish(
  deps: CarryOutDeps,
  taken: Step,
  result: NodeResult,
  input: unknown,
  interruptedAttempts?: number,
  child?: Run,
  attempted?: Run,
  attemptOutputs?: Map<string, unknown>,
): Promise<string[]> {
  // An attempt hands over the run it read: its input and graph never change (whether it still runs is read
  // under the lock below).
  const run = attempted ?? (await deps.runs.findById(taken.runId));
  if (!run) return [];
  const graph = await deps.runGraphs.graphOf(run);
  const node = graph.nodes.find(({ id }) => id === taken.nodeId) as GraphNode;
  // The edges out of it, evaluated before the lock: finished steps' outputs never change.
  let edges: number[] | undefined;
  let outcome = result;
  if (result.type === 'succeeded' || (result.type === 'failed' && node.on_error === 'continue')) {
    // An attempt hands over the outputs it read when it started (a step finished on a parallel branch since is
    // as if it finished after this one): one read fewer per step.
    const outputs = attemptOutputs ?? finishedOutputs(await deps.steps.listForRun(run.id));
    outputs.set(node.id, result.type === 'succeeded' ? result.output : { error: result.error });
    try {
      edges = await takenEdges(deps.expressions, graph, node.id, run.input, outputs);
    } catch (error) {
      outcome = expressionError(error);
      edges = node.on_error === 'continue' ? [] : undefined;
    }
  }
  return deps.advanceRun(taken.runId, async (steps) => {
    const step = steps.find((s) => s.nodeId === taken.nodeId);
    // Another instance or a cancellation moved it on: this result is stale.
    if (!step || step.attempt !== taken.attempt || step.starts !== taken.starts || step.finished)
      return undefined;
    const now = deps.clock.now();
    if (child) step.attempt = Math.max(step.attempt, child.attempt);
    if (outcome.type === 'agent') {
      const { agentId, message } = outcome;
      const started = await deps.agentStepRunner.start({ run, nodeId: step.nodeId, agentId, message, now });
      if (started.type === 'child') {
        step.awaitChild(started.runId, input, null);
        return undefined;
      }
      outcome = { type: 'failed', error: started.error, retryable: false };
    }
    if (outcome.type === 'succeeded') step.succeed(input, outcome.output, edges ?? [], now);
    else if (outcome.type === 'wait') step.waitUntil(input, outcome.until);
    else if (outcome.type === 'child') {
      // A `blueprint` node without `config.version` runs the latest version at the time its child is created.
      if (outcome.run.blueprintId !== null && outcome.run.blueprintVersion === null) {
        const latest = (await deps.blueprints.findById(outcome.run.blueprintId))?.latestVersion;
        if (latest !== undefined) outcome.run.pinBlueprintVersion(latest);
      }
      await deps.runs.add(outcome.run);
      step.awaitChild(outcome.run.id, input, null);
    } else if (outcome.type === 'children') {
      step.awaitChildren(outcome.items);
      await addMapChildren(deps, step, run, node, now);
    } else if (outcome.type === 'approval') {
      const approval = await deps.openApproval({
        runId: step.runId,
        nodeId: step.nodeId,
        toolCallId: null,
        title: outcome.title,
        payload: input,
        timeoutSeconds: outcome.timeoutSeconds,
      });
      step.awaitApproval(approval.id, input);
    } else {
      // The node's `retry` bounds every retry, interruptions too; a node without one retries an interrupted
      // attempt as a lost lease is (RUN_MAX_ATTEMPTS), and nothing else.
      const attempts = node.retry?.max_attempts ?? interruptedAttempts ?? 1;
      const retry = outcome.retryable && step.attempt < attempts;
      const backoff = (node.retry?.backoff_seconds ?? 0) * 1000;
      step.fail(input, failure(outcome.error), now, {
        retryAt: retry ? new Date(now.getTime() + backoff) : undefined,
        takenEdges: retry ? undefined : edges,
      });
    }
    return undefined;
  });
}

/** How many runs enclose `run` (read up its parents, at most as deep as blueprint runs may nest). */
async function depthOf(deps: CarryOutDeps, run: Run): Promise<number> {
  let depth = 0;
  for (let parent = run.parentRunId; parent !== null && depth <= MAX_BLUEPRINT_DEPTH; depth++) {
    parent = (await deps.runs.findById(parent))?.parentRunId ?? null;
  }
  return depth;
}

function expressionError(error: unknown): NodeResult {
  const message = error instanceof Error ? error.message : String(error);
  const code =
    (error as { code?: string }).code === 'expression_error' ? 'expression_error' : 'internal_error';
  return { type: 'failed', error: { code, message }, retryable: false };
}

function failure(error: StepFailure): StepFailure {
  return { code: error.code, message: error.message.slice(0, 4000) };
}
