// What later areas use of the files area's domain: they import it from here only (`make layers`).

export type { StoredFile } from './stored-file.ts';
