import { memoryRoutes } from '../adapters/memory/http/memory-routes.ts';
import { InMemoryMemoryItemRepository } from '../adapters/memory/memory/in-memory-memory-item-repository.ts';
import { PostgresMemoryItemRepository } from '../adapters/memory/postgres/postgres-memory-item-repository.ts';
import { PeriodicJob } from '../adapters/platform/system/periodic-job.ts';
import type { AgentMemory } from '../application/agents/index.ts';
import { makeAgentMemoryItems } from '../application/memory/agent-memory-items.ts';
import {
  type DeleteMemoryItem,
  type GetMemoryItem,
  makeDeleteMemoryItem,
  makeGetMemoryItem,
} from '../application/memory/memory-item-reads.ts';
import type { MemoryItemRepository } from '../application/memory/ports/memory-item-repository.ts';
import { makePutMemoryItem, type PutMemoryItem } from '../application/memory/put-memory-item.ts';
import { makeSearchMemory, type SearchMemory } from '../application/memory/search-memory.ts';
import {
  makeSweepExpiredMemory,
  type SweepExpiredMemory,
} from '../application/memory/sweep-expired-memory.ts';
import type { Area } from './area.ts';
import type { ThroughKnowledge } from './knowledge.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** How often each instance deletes expired memory items (reads never see them before that). */
const SWEEP_INTERVAL_MS = 60_000;

/** Memory items (CONTRACT section 12), and the agents' `memory` tool answered from them. */
export interface MemoryCradle {
  memoryItems: MemoryItemRepository;
  putMemoryItem: PutMemoryItem;
  getMemoryItem: GetMemoryItem;
  deleteMemoryItem: DeleteMemoryItem;
  searchMemory: SearchMemory;
  sweepExpiredMemory: SweepExpiredMemory;
  memorySweepJob: PeriodicJob<void>;
  /** The agents area's question (the `memory` tool), answered from `memoryItems`. */
  agentMemory: AgentMemory;
}

export type ThroughMemory = ThroughKnowledge & MemoryCradle;

const { singleton } = registrar<ThroughMemory>();
const { stored } = adaptersFor<ThroughMemory>();

export const memory: Area<MemoryCradle, ThroughMemory> = {
  name: 'memory',
  register: ({ persistence }) => ({
    memoryItems: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresMemoryItemRepository({ db }),
        memory: (store) => new InMemoryMemoryItemRepository({ store }),
      }),
    ),
    putMemoryItem: singleton(makePutMemoryItem),
    getMemoryItem: singleton(makeGetMemoryItem),
    deleteMemoryItem: singleton(makeDeleteMemoryItem),
    searchMemory: singleton(makeSearchMemory),
    sweepExpiredMemory: singleton(makeSweepExpiredMemory),
    memorySweepJob: singleton(
      ({ sweepExpiredMemory, logger }) =>
        new PeriodicJob(
          async () => {
            try {
              const swept = await sweepExpiredMemory();
              if (swept > 0) logger.info({ swept }, 'expired memory items deleted');
            } catch (error) {
              logger.warn({ err: error }, 'memory sweep failed; retrying at the next interval');
            }
          },
          SWEEP_INTERVAL_MS,
          'memory-sweeper',
        ),
      (job) => job.stop(),
    ),
    agentMemory: singleton(makeAgentMemoryItems),
  }),
  routes: memoryRoutes,
  jobs: ({ memorySweepJob }) => [
    { start: () => memorySweepJob.start({ runNow: true }), health: () => memorySweepJob.health() },
  ],
};
