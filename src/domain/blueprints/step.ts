import { Conflict } from '../kernel/errors.ts';
import type { GraphNode, NodeKind } from './graph.ts';
import type { NodeProgress } from './graph-walk.ts';

export const STEP_STATUSES = [
  'pending',
  'running',
  'waiting',
  'succeeded',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** Why a step failed: `expression_error`, `timeout`, `interrupted`, a kind's own code, or the child run's. */
export interface StepFailure {
  readonly code: string;
  readonly message: string;
}

export interface StepProps {
  readonly runId: string;
  readonly nodeId: string;
  /** The node's index in the graph: steps are listed in graph order. */
  readonly position: number;
  readonly kind: NodeKind;
  readonly status: StepStatus;
  /** 1 for the first attempt; each retry (the node's `retry`, or an interrupted attempt) adds one. */
  readonly attempt: number;
  /** How many times an attempt was started: never more than `attempt` (a step is started once per attempt). */
  readonly starts: number;
  readonly input: unknown;
  readonly output: unknown;
  readonly error: StepFailure | null;
  /** Once finished (and `on_error: continue` failures): the indices of the graph's edges out of it taken. */
  readonly takenEdges: readonly number[] | null;
  /** A `task` or `blueprint` step: its child run. */
  readonly childRunId: string | null;
  /** An `approval` step: the approval it waits for (its last attempt's). */
  readonly approvalId: string | null;
  /** A `map` step over `task` nodes: its child run per element of its input, null where none was created yet. */
  readonly mapChildren: readonly (string | null)[] | null;
  /**
   * When the engine must next act on the step: ready to start (or a retry's backoff end), a wait's end, an
   * in-process attempt's lease end (past it, the instance that started it is gone), a finished child run, a
   * child's time limit, a decided approval, the child run of a cancelled step to cancel. Null: nothing to do
   * until another step, a child run or an approval changes.
   */
  readonly dueAt: Date | null;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
}

/** What a step may still become: finished ones never change again (but a retry of their failed run). */
const UNFINISHED: readonly StepStatus[] = ['pending', 'running', 'waiting'];

/** One node of one blueprint run: its status, attempts, input, output and error (CONTRACT section 9). */
export class Step {
  runId!: string;
  nodeId!: string;
  position!: number;
  kind!: NodeKind;
  status!: StepStatus;
  attempt!: number;
  starts!: number;
  input!: unknown;
  output!: unknown;
  error!: StepFailure | null;
  takenEdges!: readonly number[] | null;
  childRunId!: string | null;
  approvalId!: string | null;
  mapChildren!: readonly (string | null)[] | null;
  dueAt!: Date | null;
  startedAt!: Date | null;
  finishedAt!: Date | null;
  /** Whether it changed since it was loaded (the repository stores only those). */
  changed = false;

  constructor(props: StepProps) {
    Object.assign(this, props);
  }

  /** The pending steps of a new run, one per node, in graph order. */
  static forNodes(runId: string, nodes: readonly GraphNode[]): Step[] {
    return nodes.map(
      (node, position) =>
        new Step({
          runId,
          nodeId: node.id,
          position,
          kind: node.kind,
          status: 'pending',
          attempt: 1,
          starts: 0,
          input: null,
          output: null,
          error: null,
          takenEdges: null,
          childRunId: null,
          approvalId: null,
          mapChildren: null,
          dueAt: null,
          startedAt: null,
          finishedAt: null,
        }),
    );
  }

  get finished(): boolean {
    return !UNFINISHED.includes(this.status);
  }

  /** Where the walk stands with it (graph-walk.ts): a failure the graph goes on from counts as finished. */
  get progress(): NodeProgress | undefined {
    if (this.status === 'succeeded' || (this.status === 'failed' && this.takenEdges !== null))
      return 'finished';
    if (this.status === 'skipped') return 'skipped';
    if (this.status === 'pending' && this.dueAt === null) return undefined;
    return 'started';
  }

  /** The walk found it ready: the engine starts it at `at`. */
  ready(at: Date): void {
    this.#expect('pending');
    this.#set({ dueAt: at });
  }

  skip(now: Date): void {
    this.#expect('pending');
    this.#set({ status: 'skipped', dueAt: null, finishedAt: now });
  }

  /** pending -> running: an attempt starts, leased until `leaseEnd` (past it, the instance is gone). */
  start(now: Date, leaseEnd: Date): void {
    this.#expect('pending');
    this.#set({
      status: 'running',
      starts: this.starts + 1,
      startedAt: now,
      finishedAt: null,
      dueAt: leaseEnd,
      error: null,
      childRunId: null,
      approvalId: null,
      mapChildren: null,
    });
  }

  /** The running attempt waits for its child run (until `deadline`, when the node has a time limit). */
  awaitChild(childRunId: string, input: unknown, deadline: Date | null): void {
    this.#expect('running');
    this.#set({ childRunId, input, dueAt: deadline });
  }

  /**
   * The running attempt of a `map` step over `task` nodes has one child run per element of `input` (an array),
   * created a few at a time (`mapChildAdded`): nothing is due until one of them finishes.
   */
  awaitChildren(input: readonly unknown[]): void {
    this.#expect('running');
    this.#set({ input, mapChildren: input.map(() => null), dueAt: null });
  }

  /** The child run of element `index` of a map step was created (in the transaction that stores this change). */
  mapChildAdded(index: number, childRunId: string): void {
    this.#expect('running');
    const children = this.mapChildren;
    if (children === null || index < 0 || index >= children.length || children[index] !== null) {
      throw new StepNotActive(this);
    }
    this.#set({ mapChildren: children.map((id, at) => (at === index ? childRunId : id)) });
  }

  /** Its child runs: a `task` or `blueprint` step's one, or the created ones of a `map` step, in element order. */
  get childRunIds(): string[] {
    if (this.childRunId !== null) return [this.childRunId];
    return (this.mapChildren ?? []).filter((id): id is string => id !== null);
  }

  /**
   * A child run finished (`index`: its element's, for a map step's child): when it is this attempt's child, the
   * engine collects it at once.
   */
  childFinished(childRunId: string, index: number | null, now: Date): void {
    if (this.status !== 'running') return;
    const ours = index === null ? this.childRunId === childRunId : this.mapChildren?.[index] === childRunId;
    if (ours) this.#set({ dueAt: now });
  }

  /** running -> waiting for a person's decision on `approvalId` (an `approval` node): nothing due until then. */
  awaitApproval(approvalId: string, input: unknown): void {
    this.#expect('running');
    this.#set({ status: 'waiting', approvalId, input, dueAt: null });
  }

  /** Its approval was decided or expired: the engine collects the decision at once. */
  approvalDecided(approvalId: string, now: Date): void {
    if (this.status === 'waiting' && this.approvalId === approvalId) this.#set({ dueAt: now });
  }

  /** running -> waiting until `until` (a `wait` node). */
  waitUntil(input: unknown, until: Date): void {
    this.#expect('running');
    this.#set({ status: 'waiting', input, dueAt: until });
  }

  /**
   * The engine holds the step while it acts on it (a wait's end, a child's result): until `leaseEnd`; null
   * once there is nothing to do until its child run finishes.
   */
  lease(leaseEnd: Date | null): void {
    this.#set({ dueAt: leaseEnd });
  }

  succeed(input: unknown, output: unknown, takenEdges: readonly number[], now: Date): void {
    this.#expectRunning();
    this.#set({ status: 'succeeded', input, output, takenEdges, error: null, dueAt: null, finishedAt: now });
  }

  /**
   * The attempt failed. With `retryAt` (attempts remain), pending again for attempt + 1 at that time;
   * else failed, and with `takenEdges` (`on_error: continue`) the graph goes on with output `{error}`.
   */
  fail(
    input: unknown,
    error: StepFailure,
    now: Date,
    next: { readonly retryAt?: Date | undefined; readonly takenEdges?: readonly number[] | undefined },
  ): void {
    this.#expectRunning();
    if (next.retryAt !== undefined) {
      this.#set({ status: 'pending', attempt: this.attempt + 1, input, error, dueAt: next.retryAt });
      return;
    }
    const continued = next.takenEdges !== undefined;
    this.#set({
      status: 'failed',
      input,
      error,
      output: continued ? { error } : null,
      takenEdges: next.takenEdges ?? null,
      dueAt: null,
      finishedAt: now,
    });
  }

  /**
   * An unfinished step of a run that ended (cancelled, failed, timed out). One with a child run stays due: the
   * engine cancels the child (after this commits, never under these locks) and then clears it (`childCancelled`),
   * so a crash in between leaves the child to the next engine pass, not running for ever.
   */
  cancel(now: Date): void {
    if (this.finished) return;
    this.#set({
      status: 'cancelled',
      dueAt: this.childRunIds.length === 0 ? null : now,
      finishedAt: now,
    });
  }

  /** Its child runs still to be cancelled (see `cancel`). */
  get childrenToCancel(): string[] {
    return this.status === 'cancelled' && this.dueAt !== null ? this.childRunIds : [];
  }

  /** The engine cancelled its child run: nothing more is due. */
  childCancelled(): void {
    if (this.status === 'cancelled') this.#set({ dueAt: null });
  }

  /**
   * A retry of the failed run: a step that did not succeed goes back to pending (attempt + 1 when it was
   * started), so the walk takes it again; succeeded steps keep their outputs.
   */
  reopen(): void {
    if (this.status === 'succeeded') return;
    const started = this.status === 'failed' || this.status === 'cancelled';
    this.#set({
      status: 'pending',
      attempt: started && this.starts > 0 ? this.attempt + 1 : this.attempt,
      output: null,
      error: null,
      takenEdges: null,
      childRunId: null,
      approvalId: null,
      mapChildren: null,
      dueAt: null,
      finishedAt: null,
    });
  }

  #expectRunning(): void {
    if (this.status !== 'running' && this.status !== 'waiting') throw new StepNotActive(this);
  }

  #expect(status: StepStatus): void {
    if (this.status !== status) throw new StepNotActive(this);
  }

  #set(changes: Partial<StepProps>): void {
    Object.assign(this, changes);
    this.changed = true;
  }
}

/** A change to a step that moved on meanwhile (another instance, a cancellation): an engine race, not input. */
export class StepNotActive extends Conflict {
  constructor(step: Pick<Step, 'nodeId' | 'status'>) {
    super(`step ${step.nodeId} is ${step.status}`);
  }
}
