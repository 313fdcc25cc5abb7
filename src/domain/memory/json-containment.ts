/**
 * PostgreSQL's JSONB containment (`@>`) on plain JSON values, so that the in-memory store filters as the
 * database does: an object contains another when it holds each of its members (recursively); an array, when
 * each element of the other is contained in one of its elements; a scalar, when equal. As in PostgreSQL, an
 * array also contains a scalar it holds as an element at the top level of the comparison.
 */
export function jsonContains(container: unknown, contained: unknown): boolean {
  if (Array.isArray(container)) {
    if (Array.isArray(contained)) {
      return contained.every((want) => container.some((have) => nestedContains(have, want)));
    }
    return isScalar(contained) && container.some((have) => isScalar(have) && have === contained);
  }
  if (isObject(container)) {
    if (!isObject(contained)) return false;
    return Object.entries(contained).every(
      ([name, want]) => Object.hasOwn(container, name) && nestedContains(container[name], want),
    );
  }
  return container === contained;
}

/** Below the top level an array contains only arrays (PostgreSQL's rule). */
function nestedContains(container: unknown, contained: unknown): boolean {
  if (Array.isArray(container) !== Array.isArray(contained)) return false;
  return jsonContains(container, contained);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}
