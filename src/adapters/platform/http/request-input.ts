import type { Principal } from '../../../domain/kernel/principal.ts';

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

type OnId = { readonly principal: Principal; readonly params: { readonly id: string } };

/** The act of most routes on `/…/{id}`: the use case called with the caller and that id. */
export function onId<T>(useCase: (principal: Principal, id: string) => Promise<T>) {
  return ({ principal, params }: OnId) => useCase(principal, params.id);
}

/** {@link onId} for a use case that also takes the body, in its own words (camelCased). */
export function onIdWith<B, T>(useCase: (principal: Principal, id: string, input: B) => Promise<T>) {
  return ({ principal, params, body }: OnId & { readonly body: unknown }) =>
    useCase(principal, params.id, camelCased<B>(body));
}
