import { InvalidInput } from '../../domain/kernel/errors.ts';
import { parseJsonObject } from '../../domain/kernel/json-document.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type MemoryItem, parseNamespace } from '../../domain/memory/memory-item.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { MemoryItemRepository } from './ports/memory-item-repository.ts';

export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 100;
const MAX_QUERY_LENGTH = 1000;

export interface SearchMemoryInput {
  readonly workspace_id: string;
  readonly namespace_prefix: readonly string[];
  readonly query?: string | undefined;
  readonly filter?: unknown;
  readonly limit?: number | undefined;
}

export type SearchMemory = (principal: Principal, input: SearchMemoryInput) => Promise<MemoryItem[]>;

/**
 * Live items under a namespace prefix (CONTRACT section 12): `filter` matches values by containment, `query`
 * ranks by full-text over the value's strings (best first); without a query, the most recently written first.
 */
export function makeSearchMemory(deps: {
  memoryItems: MemoryItemRepository;
  workspaceAccess: WorkspaceAccess;
  clock: Clock;
}): SearchMemory {
  return async (principal, input) => {
    const namespacePrefix = parseNamespace(input.namespace_prefix, 'namespace_prefix');
    const limit = input.limit ?? DEFAULT_SEARCH_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      throw new InvalidInput(`limit must be 1 to ${MAX_SEARCH_LIMIT}`);
    }
    const query = input.query?.trim() || undefined;
    if (query !== undefined && query.length > MAX_QUERY_LENGTH) {
      throw new InvalidInput(`query must be at most ${MAX_QUERY_LENGTH} characters`);
    }
    const filter =
      input.filter === undefined ? undefined : parseJsonObject(input.filter, 'filter', 16 * 1024);
    await deps.workspaceAccess(principal, input.workspace_id, 'member');
    return deps.memoryItems.search(
      { workspaceId: input.workspace_id, namespacePrefix, query, filter, limit },
      deps.clock.now(),
    );
  };
}
