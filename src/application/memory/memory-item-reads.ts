import type { Principal } from '../../domain/kernel/principal.ts';
import {
  type MemoryItem,
  MemoryItemNotFound,
  parseDottedNamespace,
  parseKey,
} from '../../domain/memory/memory-item.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { MemoryItemRepository } from './ports/memory-item-repository.ts';

/** One item's address, as the query string gives it (`namespace=a.b`). */
export interface MemoryItemAddress {
  readonly workspace_id: string;
  readonly namespace: string;
  readonly key: string;
}

export type GetMemoryItem = (principal: Principal, address: MemoryItemAddress) => Promise<MemoryItem>;
export type DeleteMemoryItem = (principal: Principal, address: MemoryItemAddress) => Promise<void>;

interface Deps {
  readonly memoryItems: MemoryItemRepository;
  readonly workspaceAccess: WorkspaceAccess;
  readonly clock: Clock;
}

async function checked(deps: Deps, principal: Principal, address: MemoryItemAddress) {
  const namespace = parseDottedNamespace(address.namespace);
  const key = parseKey(address.key);
  await deps.workspaceAccess(principal, address.workspace_id, 'member');
  return { namespace, key };
}

/** A live item, for any member or key of the workspace; an expired one is NotFound at once. */
export function makeGetMemoryItem(deps: Deps): GetMemoryItem {
  return async (principal, address) => {
    const { namespace, key } = await checked(deps, principal, address);
    const item = await deps.memoryItems.find(address.workspace_id, namespace, key, deps.clock.now());
    if (!item) throw new MemoryItemNotFound();
    return item;
  };
}

/** Deletes a live item; NotFound when there is none. */
export function makeDeleteMemoryItem(deps: Deps): DeleteMemoryItem {
  return async (principal, address) => {
    const { namespace, key } = await checked(deps, principal, address);
    if (!(await deps.memoryItems.delete(address.workspace_id, namespace, key, deps.clock.now()))) {
      throw new MemoryItemNotFound();
    }
  };
}
