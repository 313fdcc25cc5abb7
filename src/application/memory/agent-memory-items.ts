import { InvalidInput } from '../../domain/kernel/errors.ts';
import { expiryOf, parseKey, parseValue } from '../../domain/memory/memory-item.ts';
import type { AgentMemory, MemoryScope } from '../agents/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { MemoryItemRepository } from './ports/memory-item-repository.ts';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from './search-memory.ts';

type Args = Readonly<Record<string, unknown>>;

/**
 * The agents area's `AgentMemory`, answered from the memory items: the tool's actions in its scope (no
 * workspace check: the scope is the run's own workspace and the thread's person). Items come back as
 * `{key, value}`; times are not the model's business.
 */
export function makeAgentMemoryItems(deps: { memoryItems: MemoryItemRepository; clock: Clock }): AgentMemory {
  const actions: Record<string, (scope: MemoryScope, args: Args, now: Date) => Promise<unknown>> = {
    put: async (scope, args, now) => {
      const key = parseKey(text(args.key, 'key'));
      const ttl = args.ttl_seconds === undefined ? undefined : Number(args.ttl_seconds);
      const { created } = await deps.memoryItems.put(
        {
          workspaceId: scope.workspaceId,
          namespace: scope.namespace,
          key,
          value: parseValue(args.value),
          createdAt: now,
          updatedAt: now,
          expiresAt: expiryOf(now, ttl),
        },
        now,
      );
      return { key, created };
    },
    get: async (scope, args, now) => {
      const item = await deps.memoryItems.find(
        scope.workspaceId,
        scope.namespace,
        parseKey(text(args.key, 'key')),
        now,
      );
      return { key: args.key, value: item?.value ?? null };
    },
    delete: async (scope, args, now) => ({
      deleted: await deps.memoryItems.delete(
        scope.workspaceId,
        scope.namespace,
        parseKey(text(args.key, 'key')),
        now,
      ),
    }),
    search: async (scope, args, now) => {
      const limit = Math.min(
        Math.max(Math.floor(Number(args.limit ?? DEFAULT_SEARCH_LIMIT)) || DEFAULT_SEARCH_LIMIT, 1),
        MAX_SEARCH_LIMIT,
      );
      const query =
        args.query === undefined ? undefined : text(args.query, 'query').trim().slice(0, 1000) || undefined;
      const filter = args.filter === undefined ? undefined : parseValue(args.filter);
      const items = await deps.memoryItems.search(
        { workspaceId: scope.workspaceId, namespacePrefix: scope.namespace, query, filter, limit },
        now,
      );
      return { items: items.map((item) => ({ key: item.key, value: item.value })) };
    },
  };
  return {
    call: async (scope, args) => {
      const action = actions[String(args.action)];
      if (!action || !Object.hasOwn(actions, String(args.action))) {
        throw new InvalidInput('action must be one of put, get, delete, search');
      }
      return action(scope, args, deps.clock.now());
    },
  };
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new InvalidInput(`${what} must be a string`);
  return value;
}
