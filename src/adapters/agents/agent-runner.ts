import { AsyncResource } from 'node:async_hooks';
import type { Logger } from 'pino';
import type { CarryOutAgentRun } from '../../application/agents/loop/carry-out-agent-run.ts';
import type { TakeAgentRuns } from '../../application/agents/loop/take-agent-runs.ts';
import type { AgentRunRepository } from '../../application/agents/ports/agent-run-repository.ts';
import type { Clock } from '../../application/kernel/ports/clock.ts';
import type { RunRepository } from '../../application/runs/index.ts';
import { type JobHealth, PeriodicJob } from '../platform/system/periodic-job.ts';

export interface AgentRunnerOptions {
  /** How often it looks for work when nothing nudged it; 0: it never starts. */
  readonly pollMs: number;
  /** Agent runs carried out at once by this instance. */
  readonly concurrency: number;
  /** How long a tool call waiting for a child run waits before the run looks at it again. */
  readonly childPollMs: number;
  /** How often the runs in flight are checked for a cancellation (which aborts their model request). */
  readonly cancelPollMs: number;
  /** This instance's name as a lease holder (unique per process). */
  readonly owner: string;
  /** How long a run taken by this instance stays its own (renewed at a third of it while it works). */
  readonly leaseSeconds: number;
}

export interface AgentRunnerDeps {
  readonly takeAgentRuns: TakeAgentRuns;
  readonly carryOutAgentRun: CarryOutAgentRun;
  readonly agentRuns: AgentRunRepository;
  readonly runs: RunRepository;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * Carries out agent runs on every instance, as the blueprint engine does steps: takes due runs (SKIP LOCKED,
 * leased to this instance), carries each out as far as it goes, renews the leases of those in flight (a run
 * whose instance died is taken over once its lease ends), and aborts the model request of a run that was
 * cancelled (checked every `cancelPollMs`, and at once when nudged on this instance).
 */
export class AgentRunner {
  readonly #deps: AgentRunnerDeps;
  readonly #options: AgentRunnerOptions;
  readonly #job: PeriodicJob<void>;
  readonly #renewal: PeriodicJob<void>;
  readonly #inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  #again = false;
  #nudged: NodeJS.Immediate | undefined;
  #stopped = true;
  #scope: AsyncResource | undefined;
  #renewedAt = 0;

  constructor(deps: AgentRunnerDeps, options: AgentRunnerOptions) {
    this.#deps = deps;
    this.#options = options;
    this.#job = new PeriodicJob(() => this.#work(), options.pollMs, 'agent-runner');
    this.#renewal = new PeriodicJob(() => this.#watch(), options.cancelPollMs, 'agent-run-leases');
  }

  start(): void {
    if (this.#options.pollMs <= 0) return;
    this.#stopped = false;
    this.#scope = new AsyncResource('AgentRunner');
    this.#job.start({ runNow: true });
    this.#renewal.start();
  }

  health(): JobHealth {
    return this.#job.health();
  }

  /** Looks for work (and cancellations) now, coalesced: a message was sent, a run stopped. */
  nudge(): void {
    if (this.#stopped || this.#nudged) return;
    const scope = this.#scope;
    this.#nudged = setImmediate(() =>
      scope?.runInAsyncScope(() => {
        this.#nudged = undefined;
        this.#again = true;
        void this.#job.run().catch(() => {});
        void this.#renewal.run().catch(() => {});
      }),
    );
  }

  /** Stops looking for work, aborts the model requests in flight and waits for the runs to let go. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#nudged) clearImmediate(this.#nudged);
    await this.#job.stop();
    await this.#renewal.stop();
    for (const { controller } of this.#inFlight.values())
      controller.abort(new Error('the server is stopping'));
    await Promise.allSettled([...this.#inFlight.values()].map(({ done }) => done));
  }

  async #work(): Promise<void> {
    do {
      this.#again = false;
      if (this.#stopped) return;
      try {
        const free = this.#options.concurrency - this.#inFlight.size;
        if (free <= 0) return;
        const taken = await this.#deps.takeAgentRuns(free, this.#options.owner);
        for (const work of taken) this.#carryOut(work);
        if (taken.length === free) this.#again = true;
      } catch (error) {
        this.#deps.logger.warn({ err: error }, 'agent runner round failed; retrying at the next poll');
        return;
      }
    } while (this.#again);
  }

  #carryOut(work: Parameters<CarryOutAgentRun>[0]): void {
    const controller = new AbortController();
    const holding = {
      owner: this.#options.owner,
      signal: controller.signal,
      childPollMs: this.#options.childPollMs,
    };
    const done = this.#deps
      .carryOutAgentRun(work, holding)
      .catch((error: unknown) => {
        this.#deps.logger.warn({ err: error, run_id: work.runId }, 'agent run failed to advance');
      })
      .finally(() => {
        this.#inFlight.delete(work.runId);
        this.nudge();
      });
    this.#inFlight.set(work.runId, { controller, done });
  }

  /** Renews the leases of the runs in flight (at a third of the lease) and aborts those that were cancelled meanwhile. */
  async #watch(): Promise<void> {
    const ids = [...this.#inFlight.keys()];
    if (ids.length === 0) return;
    const now = this.#deps.clock.now().getTime();
    // Leases are renewed a third of the way through (each check looks for cancellations, far more often).
    if (now - this.#renewedAt >= (this.#options.leaseSeconds * 1000) / 3) {
      this.#renewedAt = now;
      const leaseEnd = new Date(now + this.#options.leaseSeconds * 1000);
      await this.#deps.agentRuns.renewLeases(ids, this.#options.owner, leaseEnd).catch(() => undefined);
    }
    for (const id of ids) {
      const run = await this.#deps.runs.findById(id).catch(() => undefined);
      if (run && run.status !== 'queued' && run.status !== 'running') {
        this.#inFlight.get(id)?.controller.abort(new Error('the run was stopped'));
      }
    }
  }
}
