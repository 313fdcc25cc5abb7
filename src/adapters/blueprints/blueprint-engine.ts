import { AsyncResource } from 'node:async_hooks';
import type { Logger } from 'pino';
import type { CarryOutStep, TakenStep } from '../../application/blueprints/engine/carry-out-step.ts';
import type {
  CancelChildRuns,
  TimeOutBlueprintRuns,
} from '../../application/blueprints/engine/end-blueprint-runs.ts';
import type { StartBlueprintRuns } from '../../application/blueprints/engine/start-blueprint-runs.ts';
import type { TakeDueSteps } from '../../application/blueprints/engine/take-due-steps.ts';
import type { ExpireApprovals } from '../../application/blueprints/expire-approvals.ts';
import type { StepKey, StepRepository } from '../../application/blueprints/ports/step-repository.ts';
import type { Clock } from '../../application/kernel/ports/clock.ts';
import { type JobHealth, PeriodicJob } from '../platform/system/periodic-job.ts';

export interface BlueprintEngineOptions {
  /** How often it looks for work when nothing nudged it; 0: it never starts. */
  readonly pollMs: number;
  /** Steps carried out at once by this instance. */
  readonly concurrency: number;
  /** How long a step taken by this instance stays its own (renewed at a third of it while it works). */
  readonly leaseSeconds: number;
}

export interface BlueprintEngineDeps {
  readonly startBlueprintRuns: StartBlueprintRuns;
  readonly takeDueSteps: TakeDueSteps;
  readonly carryOutStep: CarryOutStep;
  readonly timeOutBlueprintRuns: TimeOutBlueprintRuns;
  readonly expireApprovals: ExpireApprovals;
  readonly cancelChildRuns: CancelChildRuns;
  readonly steps: StepRepository;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Wake-ups from every instance (NOTIFY, postgres/engine-wake-ups.ts); none in memory (one instance). */
  readonly engineWakeUps?: {
    listen(wake: (work: 'runs' | 'steps') => void): void;
    unlisten(): void;
  };
}

/**
 * The engine's job, on every instance: starts queued blueprint runs, takes due steps (SKIP LOCKED: instances
 * never take one step together) and carries them out as a pool of up to `concurrency` at a time, times out
 * runs, expires approvals past their time (of every run: agents' too), and renews the leases of the steps it works on (a crashed instance's steps are taken over once their
 * lease ends). It looks for work every `pollMs`, and at once when nudged (a step finished here, a child run
 * finished); a due time in the future (a wait, a retry's backoff) is found by the poll, not a busy loop.
 * Queued runs and run time limits are looked at on the poll and on `nudge()` (a run was queued, retried,
 * replayed): a step that finished here only asks for the due steps (one transaction, not three), so the time
 * from a step's end to its successor's start is one `takeDue` away.
 */
export class BlueprintEngine {
  readonly #deps: BlueprintEngineDeps;
  readonly #options: BlueprintEngineOptions;
  readonly #job: PeriodicJob<void>;
  readonly #renewal: PeriodicJob<void>;
  readonly #inFlight = new Map<string, { key: StepKey; done: Promise<void> }>();
  readonly #childrenToCancel: string[] = [];
  #again = false;
  /** The next round also starts queued runs and times out runs (set by the poll and by `nudge()`). */
  #wholeRound = true;
  #lastWholeRound = 0;
  #nudged: NodeJS.Immediate | undefined;
  #stopped = true;
  /** The context `start` ran in: nudged work runs there, never inside the transaction of whoever nudged. */
  #scope: AsyncResource | undefined;

  constructor(deps: BlueprintEngineDeps, options: BlueprintEngineOptions) {
    this.#deps = deps;
    this.#options = options;
    this.#job = new PeriodicJob(() => this.#work(), options.pollMs, 'blueprint-engine');
    this.#renewal = new PeriodicJob(
      () => this.#renew(),
      (options.leaseSeconds * 1000) / 3,
      'blueprint-step-leases',
    );
  }

  start(): void {
    if (this.#options.pollMs <= 0 || !this.#stopped) return;
    this.#stopped = false;
    this.#scope = new AsyncResource('BlueprintEngine');
    this.#job.start({ runNow: true });
    this.#renewal.start();
    this.#deps.engineWakeUps?.listen((work) => this.nudge(work));
  }

  health(): JobHealth {
    return this.#job.health();
  }

  /**
   * Looks for work now (coalesced): `runs` (the default), queued runs included (a run was queued, retried or
   * replayed); `steps`, due steps only (a child run finished).
   */
  nudge(work: 'runs' | 'steps' = 'runs'): void {
    if (work === 'runs') this.#wholeRound = true;
    this.#nudgeSteps();
  }

  /** Looks for due steps now (coalesced): a step became due on this instance. */
  #nudgeSteps(): void {
    if (this.#stopped || this.#nudged) return;
    const scope = this.#scope;
    this.#nudged = setImmediate(() =>
      scope?.runInAsyncScope(() => {
        this.#nudged = undefined;
        this.#again = true;
        void this.#job.run().catch(() => {});
      }),
    );
  }

  /** Child runs to cancel after their parent ended by cancellation (see follow-run-outcomes.ts). */
  cancelLater(runIds: readonly string[]): void {
    if (runIds.length === 0) return;
    this.#childrenToCancel.push(...runIds);
    this.nudge();
  }

  /** Stops looking for work and waits for the steps in flight. */
  async stop(): Promise<void> {
    if (!this.#stopped) this.#deps.engineWakeUps?.unlisten();
    this.#stopped = true;
    if (this.#nudged) clearImmediate(this.#nudged);
    await this.#job.stop();
    await this.#renewal.stop();
    await Promise.allSettled([...this.#inFlight.values()].map(({ done }) => done));
  }

  /** One round, repeated while a nudge arrived during it or it filled every free slot. */
  async #work(): Promise<void> {
    do {
      this.#again = false;
      if (this.#stopped) return;
      try {
        await this.#deps.cancelChildRuns(this.#childrenToCancel.splice(0));
        // The poll's own round (the timer fires while no round runs) or a nudge for runs: the whole round.
        if (this.#wholeRound || performance.now() - this.#lastWholeRound >= this.#options.pollMs) {
          this.#wholeRound = false;
          this.#lastWholeRound = performance.now();
          await this.#deps.startBlueprintRuns(this.#options.concurrency);
          await this.#deps.timeOutBlueprintRuns(50);
          await this.#deps.expireApprovals(50);
        }
        const free = this.#options.concurrency - this.#inFlight.size;
        if (free <= 0) return;
        const taken = await this.#deps.takeDueSteps(free);
        for (const step of taken) this.#carryOut(step);
        if (taken.length === free) this.#again = true;
      } catch (error) {
        this.#deps.logger.warn({ err: error }, 'blueprint engine round failed; retrying at the next poll');
        return;
      }
    } while (this.#again);
  }

  #carryOut(taken: TakenStep): void {
    const key = { runId: taken.step.runId, nodeId: taken.step.nodeId };
    const id = `${key.runId}/${key.nodeId}`;
    const done = this.#deps
      .carryOutStep(taken)
      .then((children) => this.#deps.cancelChildRuns(children))
      .catch((error: unknown) => {
        this.#deps.logger.warn(
          { err: error, run_id: key.runId, node_id: key.nodeId },
          'blueprint step failed to advance',
        );
      })
      .finally(() => {
        this.#inFlight.delete(id);
        this.#nudgeSteps();
      });
    this.#inFlight.set(id, { key, done });
  }

  async #renew(): Promise<void> {
    const keys = [...this.#inFlight.values()].map(({ key }) => key);
    const leaseEnd = new Date(this.#deps.clock.now().getTime() + this.#options.leaseSeconds * 1000);
    await this.#deps.steps.renewLeases(keys, leaseEnd).catch(() => undefined);
  }
}
