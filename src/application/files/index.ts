// What later areas use of the files area's application: they import it from here only (`make layers`).
export type { FileRepository } from './ports/file-repository.ts';
export type { FileStorage } from './ports/file-storage.ts';
export type { StoreFile, StoreFileInput } from './store-file.ts';
