import type { Clock } from '../kernel/ports/clock.ts';
import type { MemoryItemRepository } from './ports/memory-item-repository.ts';

const BATCH = 500;

export type SweepExpiredMemory = () => Promise<number>;

/** Deletes every memory item past its expiry, in batches; returns how many. Safe on every instance at once. */
export function makeSweepExpiredMemory(deps: {
  memoryItems: MemoryItemRepository;
  clock: Clock;
}): SweepExpiredMemory {
  return async () => {
    let swept = 0;
    for (;;) {
      const deleted = await deps.memoryItems.deleteExpired(deps.clock.now(), BATCH);
      swept += deleted;
      if (deleted < BATCH) return swept;
    }
  };
}
