import type { RetentionPurge } from '../kernel/ports/retention-purge.ts';
import type { FileRepository } from './ports/file-repository.ts';
import type { FileStorage } from './ports/file-storage.ts';

/**
 * Retention of files: a batch of files past their workspace's days loses its metadata first (every link to
 * them is dead at once), then its bytes, as a deletion by an admin does.
 */
export function makeFileRetention(deps: { files: FileRepository; fileStorage: FileStorage }): RetentionPurge {
  return {
    setting: 'files',
    name: 'files',
    purgeBatch: async (cutoffs, limit) => {
      const deleted = await deps.files.deleteExpired(cutoffs, limit);
      for (const id of deleted) await deps.fileStorage.delete(id);
      return deleted.length;
    },
  };
}
