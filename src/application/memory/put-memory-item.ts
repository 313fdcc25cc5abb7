import type { Principal } from '../../domain/kernel/principal.ts';
import {
  expiryOf,
  type MemoryItem,
  parseKey,
  parseNamespace,
  parseValue,
} from '../../domain/memory/memory-item.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { MemoryItemRepository } from './ports/memory-item-repository.ts';

export interface PutMemoryItemInput {
  readonly workspace_id: string;
  readonly namespace: readonly string[];
  readonly key: string;
  readonly value: unknown;
  readonly ttl_seconds?: number | undefined;
}

export type PutMemoryItem = (
  principal: Principal,
  input: PutMemoryItemInput,
) => Promise<{ readonly item: MemoryItem; readonly created: boolean }>;

/** Members and keys write an item of their workspace's memory (CONTRACT section 12); a TTL replaces the old one. */
export function makePutMemoryItem(deps: {
  memoryItems: MemoryItemRepository;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
}): PutMemoryItem {
  return async (principal, input) => {
    const namespace = parseNamespace(input.namespace);
    const key = parseKey(input.key);
    const value = parseValue(input.value);
    const now = deps.clock.now();
    const expiresAt = expiryOf(now, input.ttl_seconds);
    await deps.workspaceAccess(principal, input.workspace_id, 'member');
    return deps.memoryItems.put(
      { workspaceId: input.workspace_id, namespace, key, value, createdAt: now, updatedAt: now, expiresAt },
      now,
    );
  };
}
