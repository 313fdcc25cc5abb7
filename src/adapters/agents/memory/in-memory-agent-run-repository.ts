import type { AgentRunRepository } from '../../../application/agents/ports/agent-run-repository.ts';
import type { AgentRunWork } from '../../../domain/agents/agent-run-work.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { agentTables } from './agent-tables.ts';

/** The work of agent runs in the store; `takeDue` reads and leases in one synchronous step. */
export class InMemoryAgentRunRepository
  extends inMemoryRepository(agentTables)
  implements AgentRunRepository
{
  add(work: AgentRunWork): Promise<void> {
    return this.atomically((tables) => tables.work.put(work));
  }

  findByRunId(runId: string): Promise<AgentRunWork | undefined> {
    return this.atomically((tables) => tables.work.get(runId));
  }

  takeDue(now: Date, limit: number, owner: string, leaseEnd: Date): Promise<AgentRunWork[]> {
    return this.atomically((tables) =>
      tables.work
        .filter((w) => w.dueAt !== null && w.dueAt <= now)
        .sort((a, b) => (a.dueAt?.getTime() ?? 0) - (b.dueAt?.getTime() ?? 0))
        .slice(0, limit)
        .map((w) => {
          w.leaseOwner = owner;
          w.dueAt = leaseEnd;
          tables.work.put(w);
          return w;
        }),
    );
  }

  renewLeases(runIds: readonly string[], owner: string, leaseEnd: Date): Promise<void> {
    return this.atomically((tables) => {
      for (const runId of runIds) {
        tables.work.update(runId, (w) => {
          if (w.leaseOwner === owner) w.dueAt = leaseEnd;
        });
      }
    });
  }

  lockHeld(runId: string, owner: string): Promise<AgentRunWork | undefined> {
    return this.atomically((tables) => {
      const work = tables.work.get(runId);
      return work?.leaseOwner === owner ? work : undefined;
    });
  }

  save(work: AgentRunWork): Promise<void> {
    return this.atomically((tables) => tables.work.put(work));
  }
}
