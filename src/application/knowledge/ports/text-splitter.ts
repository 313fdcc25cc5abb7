import type { Chunk } from '../../../domain/knowledge/chunk.ts';

/** Cuts a text into overlapping chunks, each with its offsets in the text, in order (none for blank text). */
export interface TextSplitter {
  split(text: string): Promise<Chunk[]>;
}
