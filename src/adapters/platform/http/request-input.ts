/** `workspace_id` -> `workspaceId`. */
const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * A validated body or query as the input object of its use case: top-level snake_case names in camelCase
 * (values untouched: a mission definition keeps its own keys), then `extra` (the caller's address...).
 * The route's JSON schema, checked before the handler runs, is what makes the returned type true.
 */
export function camelCased<T>(validated: unknown, extra: object = {}): T {
  const entries = Object.entries(validated as Record<string, unknown>).map(([name, value]) => [
    camel(name),
    value,
  ]);
  return { ...Object.fromEntries(entries), ...extra } as T;
}

/** A validated list query without its page (`limit`, `cursor`): the filter its use case takes. */
export function listFilterOf<T>(query: Record<string, unknown>): T {
  const { limit: _limit, cursor: _cursor, ...filter } = query;
  return camelCased(filter);
}
