import { MAX_ITEMS_PER_CALL, newItems } from '../../domain/evaluations/dataset.ts';
import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleFile, type FileAccessDeps, type FileSettings, type FileStorage } from '../files/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleDataset, type DatasetAccessDeps } from './accessible-dataset.ts';
import type { DatasetFileReader } from './ports/dataset-file-reader.ts';

/** The largest file an import reads (its items are held in memory while they are checked). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

export type ImportDatasetItems = (principal: Principal, datasetId: string, fileId: string) => Promise<number>;

/**
 * Admins and owners add the items of a file of their workspace (NDJSON, or CSV when its name ends in `.csv`
 * or its type is `text/csv`) to a dataset, all or none, in one transaction; answers how many.
 */
export function makeImportDatasetItems(
  deps: DatasetAccessDeps &
    FileAccessDeps & {
      fileStorage: FileStorage;
      fileSettings: FileSettings;
      datasetFileReader: DatasetFileReader;
      unitOfWork: UnitOfWork;
      clock: Clock;
      ids: IdGenerator;
    },
): ImportDatasetItems {
  return async (principal, datasetId, fileId) => {
    const dataset = await accessibleDataset(deps, principal, datasetId, 'admin');
    const file = await accessibleFile(deps, principal, fileId, 'member');
    if (file.workspaceId !== dataset.workspaceId)
      throw new InvalidInput('file_id must name a file of the dataset’s workspace');
    if (file.size > MAX_IMPORT_BYTES)
      throw new InvalidInput(`an import reads files of at most ${MAX_IMPORT_BYTES} bytes`);
    const chunks: Buffer[] = [];
    for await (const chunk of deps.fileStorage.read(file.id)) chunks.push(Buffer.from(chunk));
    const text = Buffer.concat(chunks).toString('utf8');
    const csv = /\.csv$/i.test(file.name) || file.contentType.startsWith('text/csv');
    const drafts = deps.datasetFileReader.read(text, csv ? 'csv' : 'ndjson');
    if (drafts.length === 0) throw new InvalidInput('the file holds no items');
    const now = deps.clock.now();
    const make = { datasetId: dataset.id, newId: () => deps.ids.newId(), now };
    return deps.unitOfWork.transaction(async () => {
      for (let start = 0; start < drafts.length; start += MAX_ITEMS_PER_CALL) {
        const batch = drafts.slice(start, start + MAX_ITEMS_PER_CALL);
        await deps.datasets.addItems(newItems(batch, make, `file items from ${start + 1}`));
      }
      return drafts.length;
    });
  };
}
