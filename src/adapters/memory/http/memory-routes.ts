import type { MemoryItemAddress } from '../../../application/memory/memory-item-reads.ts';
import type { PutMemoryItemInput } from '../../../application/memory/put-memory-item.ts';
import type { SearchMemoryInput } from '../../../application/memory/search-memory.ts';
import type { ThroughMemory } from '../../../composition/memory.ts';
import type { MemoryItem } from '../../../domain/memory/memory-item.ts';
import { created, ok } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import {
  memoryItem,
  memoryItemQuery,
  memorySearchResult,
  putMemoryItemRequest,
  searchMemoryRequest,
} from './memory-schemas.ts';

export function presentMemoryItem(item: MemoryItem) {
  return {
    namespace: item.namespace,
    key: item.key,
    value: item.value,
    created_at: item.createdAt.toISOString(),
    updated_at: item.updatedAt.toISOString(),
    expires_at: item.expiresAt?.toISOString() ?? null,
  };
}

/** Memory items of a workspace (CONTRACT section 12): any member or key reads and writes them. */
export function memoryRoutes(deps: ThroughMemory): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.workers);
  return [
    bearer.put('/api/memory/items', {
      operationId: 'putMemoryItem',
      summary: 'Write a memory item',
      description:
        'Creates or replaces the item at its namespace and key. An expired item there counts as gone: the write ' +
        'makes a new one.',
      body: putMemoryItemRequest,
      // A workspace the caller does not belong to is 404, like one that does not exist.
      errors: [404],
      responses: {
        200: { description: 'Replaced.', schema: memoryItem },
        201: { description: 'Created.', schema: memoryItem },
      },
      handler: async (ctx, { principal, body }) => {
        const { item, created: isNew } = await deps.putMemoryItem(principal, body as PutMemoryItemInput);
        if (isNew) created(ctx, presentMemoryItem(item));
        else ok(ctx, presentMemoryItem(item));
      },
    }),
    bearer.get('/api/memory/items', {
      operationId: 'getMemoryItem',
      summary: 'Read a memory item',
      description: 'An expired item answers 404 at once, before the sweeper deletes it.',
      query: memoryItemQuery,
      errors: [404],
      responses: { 200: { description: 'The item.', schema: memoryItem } },
      handler: async (ctx, { principal, query }) =>
        ok(
          ctx,
          presentMemoryItem(await deps.getMemoryItem(principal, query as unknown as MemoryItemAddress)),
        ),
    }),
    bearer.delete('/api/memory/items', {
      operationId: 'deleteMemoryItem',
      summary: 'Delete a memory item',
      query: memoryItemQuery,
      errors: [404],
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { principal, query }) => {
        await deps.deleteMemoryItem(principal, query as unknown as MemoryItemAddress);
        ctx.status = 204;
      },
    }),
    bearer.post('/api/memory/search', {
      operationId: 'searchMemory',
      summary: 'Search memory items',
      description:
        'Live items under a namespace prefix: `filter` by containment, `query` by full-text (best first); ' +
        'without a query the most recently written first.',
      body: searchMemoryRequest,
      errors: [404],
      responses: { 200: { description: 'The items found.', schema: memorySearchResult } },
      handler: async (ctx, { principal, body }) => {
        const items = await deps.searchMemory(principal, body as SearchMemoryInput);
        ok(ctx, { items: items.map(presentMemoryItem) });
      },
    }),
  ];
}
