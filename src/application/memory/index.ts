// What later areas use of the memory area's application: they import it from here only (`make layers`).

export type { MemoryItemRepository } from './ports/memory-item-repository.ts';
