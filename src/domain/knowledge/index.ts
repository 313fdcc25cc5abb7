export type { Chunk, IndexedChunk } from './chunk.ts';
export { unitLength } from './chunk.ts';
export * from './knowledge-base.ts';
export * from './knowledge-document.ts';
export * from './knowledge-errors.ts';
export * from './search-hit.ts';
