import { MAX_ITEMS_PER_CALL } from '../../domain/evaluations/index.ts';
import { InvalidInput } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { AddDatasetItems, CreateDataset } from '../evaluations/index.ts';
import type { CreateKnowledgeBase } from '../knowledge/index.ts';
import type { WorkspaceDocument } from './workspace-document.ts';

export interface ImportDataDeps {
  readonly createDataset: CreateDataset;
  readonly addDatasetItems: AddDatasetItems;
  readonly createKnowledgeBase: CreateKnowledgeBase;
}

/**
 * The datasets, each with its items in order (batches of at most MAX_ITEMS_PER_CALL), and the knowledge bases,
 * their embedding provider remapped to the new one: empty, an export holding no document's text.
 */
export async function recreateData(
  deps: ImportDataDeps,
  principal: Principal,
  workspaceId: string,
  document: Pick<WorkspaceDocument, 'datasets' | 'knowledgeBases'>,
  providerIds: ReadonlyMap<string, string>,
): Promise<{ datasets: number; datasetItems: number; knowledgeBases: number }> {
  let datasetItems = 0;
  for (const dataset of document.datasets) {
    const made = await deps.createDataset(principal, {
      workspace_id: workspaceId,
      name: dataset.name,
      description: dataset.description,
    });
    for (let start = 0; start < dataset.items.length; start += MAX_ITEMS_PER_CALL)
      datasetItems += await deps.addDatasetItems(
        principal,
        made.id,
        dataset.items.slice(start, start + MAX_ITEMS_PER_CALL),
      );
  }
  for (const [i, { embedding, ...base }] of document.knowledgeBases.entries()) {
    const providerId = embedding && providerIds.get(embedding.providerId);
    if (embedding && !providerId)
      throw new InvalidInput(
        `knowledge_bases[${i}].embedding names model provider ${embedding.providerId}, which the export does not hold`,
      );
    await deps.createKnowledgeBase(principal, {
      workspaceId,
      ...base,
      embedding: embedding && providerId ? { providerId, model: embedding.model } : undefined,
    });
  }
  return { datasets: document.datasets.length, datasetItems, knowledgeBases: document.knowledgeBases.length };
}
