/** A piece of a document's text, at `[start, end)` of that text; neighbours overlap. */
export interface Chunk {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A chunk with its embedding (unit length), or null when its knowledge base has no embedding model. */
export interface IndexedChunk extends Chunk {
  readonly embedding: readonly number[] | null;
}

/** The vector scaled to unit length (a zero vector stays zero), so that a dot product is the cosine. */
export function unitLength(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return norm === 0 ? [...vector] : vector.map((x) => x / norm);
}
