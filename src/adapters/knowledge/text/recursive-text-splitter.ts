import type { TextSplitter } from '../../../application/knowledge/ports/text-splitter.ts';
import type { Chunk } from '../../../domain/knowledge/chunk.ts';

export interface SplitterOptions {
  /** Characters per chunk at most. */
  readonly chunkSize: number;
  /** Characters a chunk shares with the one before it. */
  readonly chunkOverlap: number;
}

/**
 * LangChain's recursive character splitter (paragraphs, then lines, then words), each chunk located in the text:
 * chunks come in order, so each is found at or after the start of the one before it. LangChain (its core, zod,
 * langsmith: about 8 MB of heap) is loaded on the first split, not at start: most instances never split a text.
 */
export function recursiveTextSplitter(options: SplitterOptions): TextSplitter {
  let splitter: Promise<{ splitText(text: string): Promise<string[]> }> | undefined;
  return {
    async split(text) {
      splitter ??= import('@langchain/textsplitters').then(
        ({ RecursiveCharacterTextSplitter }) => new RecursiveCharacterTextSplitter(options),
      );
      const pieces = await (await splitter).splitText(text);
      const chunks: Chunk[] = [];
      let from = 0;
      for (const piece of pieces) {
        const found = text.indexOf(piece, from);
        const start = found === -1 ? from : found;
        chunks.push({ index: chunks.length, start, end: start + piece.length, text: piece });
        from = start + 1;
      }
      return chunks;
    },
  };
}
