import type { Dataset, DatasetItem } from '../../../domain/evaluations/dataset.ts';
import type { Evaluation } from '../../../domain/evaluations/evaluation.ts';
import type { EvaluationItem } from '../../../domain/evaluations/evaluation-item.ts';
import { inMemoryTables } from '../../platform/memory/in-memory-tables.ts';
import { workspaceTables } from '../../workspaces/index.ts';

/** The evaluations area's in-memory tables: datasets go with their workspace, the rest with their dataset. */
export const evaluationTables = inMemoryTables((store) => {
  const datasets = store.byId((d: Dataset) => ({ ...d }));
  datasets.cascadeFrom(workspaceTables(store).workspaces, (d) => d.workspaceId);
  const items = store.byId((i: DatasetItem) => ({ ...i }));
  items.cascadeFrom(datasets, (i) => i.datasetId);
  const evaluations = store.byId((e: Evaluation) => ({ ...e }));
  evaluations.cascadeFrom(datasets, (e) => e.datasetId);
  const evaluationItems = store.table(
    (i: EvaluationItem) => `${i.evaluationId}/${i.itemId}`,
    (i) => ({ ...i }),
  );
  evaluationItems.cascadeFrom(evaluations, (i) => i.evaluationId);
  return { datasets, items, evaluations, evaluationItems };
});
