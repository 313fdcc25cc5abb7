// What later areas use of the memory domain.
export { type MemoryItem, parseNamespace } from './memory-item.ts';
