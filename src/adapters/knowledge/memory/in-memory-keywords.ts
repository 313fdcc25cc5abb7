/**
 * A small stand-in for PostgreSQL's full-text search, for the in-memory adapters: words lower-cased, common
 * English stop words dropped, plural and verb endings stripped; every word of the query must be in the text
 * (a word after `-` must not); the score is how often the query's words occur, per 100 words of text.
 */
const STOP_WORDS = new Set(
  'a an and are as at be but by do does for from has have how i if in into is it its my no not of on or our so that the their them then there these they this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);

const stem = (word: string) => word.replace(/(ing|ed|es|s)$/, '') || word;

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP_WORDS.has(w)).map(stem);
}

export interface KeywordQuery {
  readonly required: readonly string[];
  readonly excluded: readonly string[];
}

export function parseKeywordQuery(query: string): KeywordQuery {
  const required: string[] = [];
  const excluded: string[] = [];
  for (const token of query.split(/\s+/)) {
    if (token.startsWith('-')) excluded.push(...words(token.slice(1)));
    else required.push(...words(token));
  }
  return { required, excluded };
}

export function keywordScore(query: KeywordQuery, text: string): number {
  if (query.required.length === 0) return 0;
  const counts = new Map<string, number>();
  const all = words(text);
  for (const word of all) counts.set(word, (counts.get(word) ?? 0) + 1);
  if (query.excluded.some((word) => counts.has(word))) return 0;
  if (!query.required.every((word) => counts.has(word))) return 0;
  const hits = query.required.reduce((sum, word) => sum + (counts.get(word) ?? 0), 0);
  return (hits * 100) / Math.max(all.length, 1);
}
