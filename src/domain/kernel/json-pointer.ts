/** RFC 6901: `""` (the whole document) or `/`-separated tokens in which `~` is escaped as `~0` or `~1`. */
export function isJsonPointer(value: string): boolean {
  return value === '' || /^(\/([^~]|~[01])*)+$/u.test(value);
}

/** The value `pointer` names in `document`; undefined when there is none. */
export function valueAt(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let current: unknown = document;
  for (const escaped of pointer.slice(1).split('/')) {
    const token = escaped.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return current;
}
