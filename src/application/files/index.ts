// What later areas use of the files area's application: they import it from here only (`make layers`).

export { accessibleFile, type FileAccessDeps } from './accessible-file.ts';
export type { FileSettings } from './file-settings.ts';
export type { FileRepository } from './ports/file-repository.ts';
export type { FileStorage } from './ports/file-storage.ts';
export type { StoreFile, StoreFileInput } from './store-file.ts';
