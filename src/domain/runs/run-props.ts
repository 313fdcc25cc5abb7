import { InvalidInput } from '../kernel/errors.ts';
import { type JsonObject, parseJsonObject } from '../kernel/json-document.ts';
import { parseTraceparent } from '../kernel/traceparent.ts';
import { NO_RUN_POLICY, type RunPolicy } from '../missions/index.ts';
import { concurrencyKeyOf } from './concurrency-key.ts';
import type { RunFailure } from './run-outcome.ts';
import type { RunStatus } from './run-status.ts';

export const MAX_RUN_INPUT_BYTES = 64 * 1024;

export const TRIGGER_TYPES = ['manual', 'webhook', 'schedule', 'evaluation'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export interface RunProps {
  readonly id: string;
  /** Null for an agent's run (a thread's answer) and for the child runs of its blueprint tools. */
  readonly missionId: string | null;
  readonly workspaceId: string;
  readonly status: RunStatus;
  readonly triggerType: TriggerType;
  readonly triggerId: string | null;
  readonly deliveryId: string | null;
  /** Schedule runs: the schedule, and the fire time the run was queued for (one run per fire time). */
  readonly scheduleId: string | null;
  readonly fireTime: Date | null;
  /** Evaluation runs: the evaluation and the dataset item the run is for (one run per item). */
  readonly evaluationId: string | null;
  readonly evaluationItemId: string | null;
  readonly input: JsonObject | null;
  readonly output: JsonObject | null;
  /** Why the last attempt failed (also while a retry waits in the queue). */
  readonly error: RunFailure | null;
  /** 1 for the first execution; each retry adds one. */
  readonly attempt: number;
  /** The mission's policy when the run was queued: a later change to the mission applies to later runs. */
  readonly policy: RunPolicy;
  /** Its concurrency group within the mission (see concurrency-key.ts); null when the mission has no cap. */
  readonly concurrencyKey: string | null;
  /** Holds a slot of its concurrency group while queued or running (uncapped runs always do). */
  readonly admitted: boolean;
  /** The earliest time a worker may claim it: when it was queued, or when a retry's backoff ends. */
  readonly notBefore: Date;
  /** The worker (its login session id, or its API key id) holding the run while it is running. */
  readonly leaseOwner: string | null;
  /** Never later than `timeoutAt`: the lease sweep ends timed-out attempts too. */
  readonly leaseExpiresAt: Date | null;
  /** While running under a timeout: when the attempt times out. */
  readonly timeoutAt: Date | null;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  /** The W3C trace context it was queued under (see traceparent.ts), handed to its worker by the claim. */
  readonly traceparent: string | null;
  /** A blueprint run (carried out by the server, never handed to workers): its blueprint. */
  readonly blueprintId: string | null;
  /** The version it uses: pinned when the mission names one, else when the engine starts the run. */
  readonly blueprintVersion: number | null;
  /** A child run of a blueprint run's step (`task` or `blueprint` node): that run and the step's node id. */
  readonly parentRunId: string | null;
  readonly stepId: string | null;
  /** A child run of a `map` step: the index of its element in the step's input. */
  readonly stepIndex: number | null;
  /** A `task` child: the task type workers claim it by. */
  readonly taskType: string | null;
  /** A replay: the run it replays. */
  readonly replayOf: string | null;
  /** An agent run (a thread's answer, carried out by the server, never handed to workers): its agent. */
  readonly agentId: string | null;
  readonly agentVersion: number | null;
  /** An agent run: the thread it answers. */
  readonly threadId: string | null;
}

/** Where a child run of a blueprint step belongs. */
export interface RunParent {
  readonly runId: string;
  readonly stepId: string;
  readonly taskType: string | null;
  /** A `map` step's child: its element's index. */
  readonly index?: number;
}

/**
 * A run as lists show it: without its input and output, so that a page of runs never carries webhook bodies
 * (up to a trigger's `max_body_bytes` each) or workers' outputs.
 */
export type RunSummary = Omit<RunProps, 'input' | 'output'>;

/** The summary of `run`. */
export function summaryOf({ input: _input, output: _output, ...summary }: RunProps): RunSummary {
  return summary;
}

export interface QueueRun {
  readonly id: string;
  readonly missionId: string | null;
  readonly workspaceId: string;
  readonly triggerType: TriggerType;
  readonly triggerId?: string | null;
  readonly deliveryId?: string | null;
  readonly scheduleId?: string | null;
  readonly fireTime?: Date | null;
  readonly evaluation?: { readonly id: string; readonly itemId: string } | null;
  /** Manual and schedule runs: webhook runs show their delivery as input. */
  readonly input?: unknown;
  /** Webhook runs: their input as shown, built only when the policy's concurrency key needs it. */
  readonly webhookInput?: () => JsonObject;
  readonly policy?: RunPolicy;
  /** A malformed one is dropped (the run starts no trace), never refused. */
  readonly traceparent?: string | null | undefined;
  /** The mission's blueprint: the run is then carried out by the server. */
  readonly blueprint?: { readonly id: string; readonly version: number | null } | null;
  readonly parent?: RunParent;
  readonly replayOf?: string;
  /** An agent's run answering a thread: carried out by the server. */
  readonly agent?: { readonly id: string; readonly version: number; readonly threadId: string } | null;
  readonly now: Date;
}

/**
 * A new queued run, validated: its input, its trigger, the policy it runs under and its concurrency group. A
 * run of a capped mission waits for a slot of its group (`Run.admit`) before any worker can claim it.
 */
export function queuedRunProps(props: QueueRun): RunProps {
  const given = props.input ?? null;
  const input = given === null ? null : parseJsonObject(given, 'input', MAX_RUN_INPUT_BYTES);
  const policy = props.policy ?? NO_RUN_POLICY;
  const concurrencyKey = concurrencyKeyOf(policy, () => props.webhookInput?.() ?? input ?? {});
  return {
    id: props.id,
    missionId: props.missionId,
    workspaceId: props.workspaceId,
    status: 'queued',
    ...triggerOf(props),
    input,
    output: null,
    error: null,
    attempt: 1,
    policy,
    concurrencyKey,
    admitted: concurrencyKey === null,
    notBefore: props.now,
    leaseOwner: null,
    leaseExpiresAt: null,
    timeoutAt: null,
    createdAt: props.now,
    startedAt: null,
    finishedAt: null,
    traceparent: parseTraceparent(props.traceparent),
    blueprintId: props.blueprint?.id ?? null,
    blueprintVersion: props.blueprint?.version ?? null,
    parentRunId: props.parent?.runId ?? null,
    stepId: props.parent?.stepId ?? null,
    stepIndex: props.parent?.index ?? null,
    taskType: props.parent?.taskType ?? null,
    replayOf: props.replayOf ?? null,
    agentId: props.agent?.id ?? null,
    agentVersion: props.agent?.version ?? null,
    threadId: props.agent?.threadId ?? null,
  };
}

/**
 * What started a queued run, checked: a webhook run names its trigger and delivery, a schedule run its
 * schedule and fire time, a manual run none of them.
 */
function triggerOf(
  props: QueueRun,
): Pick<
  RunProps,
  'triggerType' | 'triggerId' | 'deliveryId' | 'scheduleId' | 'fireTime' | 'evaluationId' | 'evaluationItemId'
> {
  const trigger = {
    triggerType: props.triggerType,
    triggerId: props.triggerId ?? null,
    deliveryId: props.deliveryId ?? null,
    scheduleId: props.scheduleId ?? null,
    fireTime: props.fireTime ?? null,
    evaluationId: props.evaluation?.id ?? null,
    evaluationItemId: props.evaluation?.itemId ?? null,
  };
  const webhook = trigger.triggerId !== null && trigger.deliveryId !== null;
  const schedule = trigger.scheduleId !== null && trigger.fireTime !== null;
  const evaluation = trigger.evaluationId !== null && trigger.evaluationItemId !== null;
  const named = [
    trigger.triggerId,
    trigger.deliveryId,
    trigger.scheduleId,
    trigger.fireTime,
    trigger.evaluationId,
    trigger.evaluationItemId,
  ].filter((part) => part !== null).length;
  const valid = {
    manual: named === 0,
    webhook: webhook && named === 2,
    schedule: schedule && named === 2,
    evaluation: evaluation && named === 2,
  }[props.triggerType];
  if (!valid) {
    throw new InvalidInput(
      'a webhook run names its trigger and delivery, a schedule run its schedule and fire time, an evaluation run its evaluation and item, a manual run none',
    );
  }
  return trigger;
}
