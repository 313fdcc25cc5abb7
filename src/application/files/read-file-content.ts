import { type ByteRange, byteRangeOf } from '../../domain/files/byte-range.ts';
import type { StoredFile } from '../../domain/files/stored-file.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleFile, type FileAccessDeps } from './accessible-file.ts';
import type { FileStorage } from './ports/file-storage.ts';

/** What a download serves: the file, and its bytes (those of `range` when one was asked and satisfiable). */
export interface FileContent {
  readonly file: StoredFile;
  /** `'unsatisfiable'`: the asked range lies past the end (416); undefined: the whole file. */
  readonly range: ByteRange | 'unsatisfiable' | undefined;
  /** Opens the bytes to serve (those of `range`, else all); not called for a 304 or a 416. */
  open(range: ByteRange | undefined): AsyncIterable<Uint8Array>;
}

export type ReadFileContent = (
  principal: Principal,
  fileId: string,
  rangeHeader: string | undefined,
) => Promise<FileContent>;

export function contentOf(
  storage: FileStorage,
  file: StoredFile,
  rangeHeader: string | undefined,
): FileContent {
  const range = byteRangeOf(rangeHeader, file.size);
  return {
    file,
    range,
    open: (served) => storage.read(file.id, served),
  };
}

/** Any member downloads a file of their workspace. */
export function makeReadFileContent(deps: FileAccessDeps & { fileStorage: FileStorage }): ReadFileContent {
  return async (principal, fileId, rangeHeader) =>
    contentOf(deps.fileStorage, await accessibleFile(deps, principal, fileId, 'member'), rangeHeader);
}
