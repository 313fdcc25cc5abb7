/**
 * A deterministic stand-in for an embedding model (the fake model provider serves it): a hashed bag of the
 * text's lower-cased words (common English stop words left out, a trailing plural `s` dropped) and of their
 * character trigrams, in `EMBEDDING_DIMENSIONS` buckets. Texts sharing words or word pieces point alike.
 */
export const EMBEDDING_DIMENSIONS = 256;

const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it of on or the this to was what when where which who why with you your'.split(
    ' ',
  ),
);

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function hashedEmbedding(text: string, dimensions = EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((word) => !STOP_WORDS.has(word))
    .map((word) => (word.length > 3 ? word.replace(/s$/, '') : word));
  const add = (bucket: number, weight: number) => {
    vector[bucket % dimensions] = (vector[bucket % dimensions] ?? 0) + weight;
  };
  for (const word of words) {
    add(fnv1a(word), 2);
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) add(fnv1a(padded.slice(i, i + 3)), 1);
  }
  return vector;
}
