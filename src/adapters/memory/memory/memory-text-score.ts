/** Words as full-text search sees them: runs of letters and digits, lower case. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const element of value) stringsOf(element, into);
  else if (value !== null && typeof value === 'object')
    for (const member of Object.values(value)) stringsOf(member, into);
  return into;
}

/**
 * How well the value's strings match the query, in the spirit of PostgreSQL's `websearch_to_tsquery` and
 * `ts_rank_cd` without a stemmer: 0 unless every query word occurs; else the number of occurrences of the
 * query's words, so that the value that says them more often ranks first.
 */
export function textScore(value: unknown, query: string): number {
  const wanted = new Set(wordsOf(query));
  if (wanted.size === 0) return 0;
  const counts = new Map<string, number>();
  for (const word of stringsOf(value).flatMap(wordsOf)) {
    if (wanted.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  if (counts.size < wanted.size) return 0;
  return [...counts.values()].reduce((sum, count) => sum + count, 0);
}
