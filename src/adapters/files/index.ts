// What later areas use of the files area's adapters: they import it from here only (`make layers`).

export { fileLinkPath } from './http/file-presenters.ts';
export { serveFileContent } from './http/serve-file-content.ts';
