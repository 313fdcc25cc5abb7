import { FileNotFound } from '../../domain/files/file-errors.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { FileLinkSigner } from './ports/file-link-signer.ts';
import type { FileRepository } from './ports/file-repository.ts';
import type { FileStorage } from './ports/file-storage.ts';
import { contentOf, type FileContent } from './read-file-content.ts';

export type ReadLinkedFile = (token: string, rangeHeader: string | undefined) => Promise<FileContent>;

/**
 * A signed link's download. A forged, altered or expired token and a deleted file all answer NotFound alike:
 * the link says nothing about why it stopped working.
 */
export function makeReadLinkedFile(deps: {
  files: FileRepository;
  fileStorage: FileStorage;
  fileLinkSigner: FileLinkSigner;
  clock: Clock;
}): ReadLinkedFile {
  return async (token, rangeHeader) => {
    const grant = deps.fileLinkSigner.verify(token);
    if (!grant || grant.expiresAt.getTime() <= deps.clock.now().getTime()) throw new FileNotFound();
    const file = await deps.files.findById(grant.fileId);
    if (!file) throw new FileNotFound();
    return contentOf(deps.fileStorage, file, rangeHeader);
  };
}
