import { randomUUID } from 'node:crypto';
import { AjvJsonSchemaChecks } from '../adapters/evaluations/ajv-json-schema-checks.ts';
import { csvNdjsonDatasetFileReader } from '../adapters/evaluations/csv-ndjson-dataset-file-reader.ts';
import { EvaluationRunnerJob } from '../adapters/evaluations/evaluation-runner-job.ts';
import { datasetRoutes } from '../adapters/evaluations/http/dataset-routes.ts';
import { evaluationRoutes } from '../adapters/evaluations/http/evaluation-routes.ts';
import { InMemoryDatasetRepository } from '../adapters/evaluations/memory/in-memory-dataset-repository.ts';
import { InMemoryEvaluationRepository } from '../adapters/evaluations/memory/in-memory-evaluation-repository.ts';
import { PostgresDatasetRepository } from '../adapters/evaluations/postgres/postgres-dataset-repository.ts';
import { PostgresEvaluationRepository } from '../adapters/evaluations/postgres/postgres-evaluation-repository.ts';
import { type AddItemFromRun, makeAddItemFromRun } from '../application/evaluations/add-item-from-run.ts';
import { type CancelEvaluation, makeCancelEvaluation } from '../application/evaluations/cancel-evaluation.ts';
import { type CreateEvaluation, makeCreateEvaluation } from '../application/evaluations/create-evaluation.ts';
import {
  type AddDatasetItems,
  type CreateDataset,
  type DeleteDatasetItem,
  type GetDataset,
  type ListDatasetItems,
  type ListDatasets,
  makeAddDatasetItems,
  makeCreateDataset,
  makeDeleteDatasetItem,
  makeGetDataset,
  makeListDatasetItems,
  makeListDatasets,
} from '../application/evaluations/datasets.ts';
import {
  type CompareEvaluations,
  type GetEvaluation,
  type ListEvaluationResults,
  type ListEvaluations,
  makeCompareEvaluations,
  makeGetEvaluation,
  makeListEvaluationResults,
  makeListEvaluations,
} from '../application/evaluations/evaluation-reads.ts';
import {
  makeRecordEvaluationRun,
  makeScoreEvaluationItems,
  makeStartEvaluationItems,
  type ScoreEvaluationItems,
  type StartEvaluationItems,
} from '../application/evaluations/evaluation-work.ts';
import {
  type ImportDatasetItems,
  makeImportDatasetItems,
} from '../application/evaluations/import-dataset-items.ts';
import type { DatasetFileReader } from '../application/evaluations/ports/dataset-file-reader.ts';
import type { DatasetRepository } from '../application/evaluations/ports/dataset-repository.ts';
import type { EvaluationRepository } from '../application/evaluations/ports/evaluation-repository.ts';
import type { JsonSchemaChecks } from '../application/evaluations/ports/json-schema-checks.ts';
import { makeScoreItem, type ScoreItem } from '../application/evaluations/score-item.ts';
import type { RunOutcomeListener } from '../application/runs/index.ts';
import type { Area } from './area.ts';
import { blueprintRunOutcomeListeners } from './blueprints.ts';
import type { ThroughFeedback } from './feedback.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** Datasets and evaluations of missions and agents, carried out in the background (CONTRACT section 13). */
export interface EvaluationsCradle {
  datasets: DatasetRepository;
  evaluations: EvaluationRepository;
  jsonSchemaChecks: JsonSchemaChecks;
  datasetFileReader: DatasetFileReader;
  createDataset: CreateDataset;
  listDatasets: ListDatasets;
  getDataset: GetDataset;
  addDatasetItems: AddDatasetItems;
  listDatasetItems: ListDatasetItems;
  deleteDatasetItem: DeleteDatasetItem;
  importDatasetItems: ImportDatasetItems;
  addItemFromRun: AddItemFromRun;
  createEvaluation: CreateEvaluation;
  listEvaluations: ListEvaluations;
  getEvaluation: GetEvaluation;
  listEvaluationResults: ListEvaluationResults;
  compareEvaluations: CompareEvaluations;
  cancelEvaluation: CancelEvaluation;
  scoreItem: ScoreItem;
  startEvaluationItems: StartEvaluationItems;
  scoreEvaluationItems: ScoreEvaluationItems;
  evaluationRunner: EvaluationRunnerJob;
  /** Tells this instance's runner to look for work now. */
  nudgeEvaluations: () => void;
  /** The runs area's listeners again: the blueprints' list, then the evaluations' (a run's item records its outcome). */
  runOutcomeListeners: readonly RunOutcomeListener[];
}

export type ThroughEvaluations = ThroughFeedback & EvaluationsCradle;

const { singleton, value } = registrar<ThroughEvaluations>();
const { stored } = adaptersFor<ThroughEvaluations>();

export const evaluations: Area<EvaluationsCradle, ThroughEvaluations> = {
  name: 'evaluations',
  register: ({ config, persistence }) => ({
    datasets: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresDatasetRepository({ db }),
        memory: (store) => new InMemoryDatasetRepository({ store }),
      }),
    ),
    evaluations: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresEvaluationRepository({ db }),
        memory: (store) => new InMemoryEvaluationRepository({ store }),
      }),
    ),
    jsonSchemaChecks: singleton(() => new AjvJsonSchemaChecks()),
    datasetFileReader: value(csvNdjsonDatasetFileReader),
    createDataset: singleton(makeCreateDataset),
    listDatasets: singleton(makeListDatasets),
    getDataset: singleton(makeGetDataset),
    addDatasetItems: singleton(makeAddDatasetItems),
    listDatasetItems: singleton(makeListDatasetItems),
    deleteDatasetItem: singleton(makeDeleteDatasetItem),
    importDatasetItems: singleton(makeImportDatasetItems),
    addItemFromRun: singleton(makeAddItemFromRun),
    createEvaluation: singleton(makeCreateEvaluation),
    listEvaluations: singleton(makeListEvaluations),
    getEvaluation: singleton(makeGetEvaluation),
    listEvaluationResults: singleton(makeListEvaluationResults),
    compareEvaluations: singleton(makeCompareEvaluations),
    cancelEvaluation: singleton(makeCancelEvaluation),
    scoreItem: singleton(makeScoreItem),
    startEvaluationItems: singleton(makeStartEvaluationItems),
    scoreEvaluationItems: singleton(({ evaluations, scoreItem, clock }) =>
      makeScoreEvaluationItems({ evaluations, scoreItem, clock, owner: randomUUID() }),
    ),
    evaluationRunner: singleton(
      (deps) => new EvaluationRunnerJob(deps, config.blueprintEngine.pollIntervalMs),
      (job) => job.stop(),
    ),
    nudgeEvaluations: singleton(
      ({ evaluationRunner }) =>
        () =>
          evaluationRunner.nudge(),
    ),
    runOutcomeListeners: singleton((deps) => [
      ...blueprintRunOutcomeListeners(deps),
      makeRecordEvaluationRun(deps),
    ]),
  }),
  routes: (deps) => [...datasetRoutes(deps), ...evaluationRoutes(deps)],
  jobs: ({ evaluationRunner }) => [evaluationRunner],
};
