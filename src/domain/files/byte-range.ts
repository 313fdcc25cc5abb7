/** An inclusive byte range of a file: bytes `start` to `end`, both counted from 0. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * One range of an RFC 9110 `Range: bytes=...` header against a file of `size` bytes: the range to serve,
 * `'unsatisfiable'` (416), or undefined when the whole file is served (no header, another unit, several
 * ranges, or a malformed value: a server may ignore any Range it does not support, section 14.2).
 */
export function byteRangeOf(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d{0,16})-(\d{0,16})$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
