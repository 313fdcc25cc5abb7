import { jsonCsvExportCodec } from '../adapters/exports/encoding/json-csv-export-codec.ts';
import { ExportRunnerJob } from '../adapters/exports/export-runner-job.ts';
import { exportRoutes } from '../adapters/exports/http/export-routes.ts';
import { inMemoryExportPurge } from '../adapters/exports/memory/in-memory-export-purge.ts';
import { InMemoryExportRepository } from '../adapters/exports/memory/in-memory-export-repository.ts';
import { postgresExportPurge } from '../adapters/exports/postgres/postgres-export-purge.ts';
import { PostgresExportRepository } from '../adapters/exports/postgres/postgres-export-repository.ts';
import { type GetExport, makeGetExport } from '../application/exports/get-export.ts';
import { type ImportWorkspace, makeImportWorkspace } from '../application/exports/import-workspace.ts';
import type { ExportCodec } from '../application/exports/ports/export-codec.ts';
import type { ExportRepository } from '../application/exports/ports/export-repository.ts';
import type { ExportSignal } from '../application/exports/ports/export-signal.ts';
import { makeRequestExport, type RequestExport } from '../application/exports/request-export.ts';
import { makeRunNextExport, type RunNextExport } from '../application/exports/run-next-export.ts';
import type { RetentionPurge } from '../application/kernel/ports/retention-purge.ts';
import type { Area } from './area.ts';
import type { ThroughEvaluations } from './evaluations.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** Exports (and imports) of a workspace's data as files, made in the background (CONTRACT section 11). */
export interface ExportsCradle {
  exports: ExportRepository;
  /** Retention of finished exports (the `files` days, as their files). */
  exportPurge: RetentionPurge;
  exportCodec: ExportCodec;
  requestExport: RequestExport;
  getExport: GetExport;
  runNextExport: RunNextExport;
  importWorkspace: ImportWorkspace;
  /** Makes waiting exports. */
  exportRunner: ExportRunnerJob;
  /** Starts an export this instance queued at once: the runner. */
  exportSignal: ExportSignal;
}

export type ThroughExports = ThroughEvaluations & ExportsCradle;

const { singleton } = registrar<ThroughExports>();
const { stored } = adaptersFor<ThroughExports>();

export const exports: Area<ExportsCradle, ThroughExports> = {
  name: 'exports',
  register: (context) => ({
    exports: singleton(
      stored(context.persistence, {
        postgres: ({ db }) => new PostgresExportRepository({ db }),
        memory: (store) => new InMemoryExportRepository({ store }),
      }),
    ),
    exportPurge: singleton(
      stored(context.persistence, {
        postgres: ({ db }) => postgresExportPurge(db),
        memory: (store) => inMemoryExportPurge(store),
      }),
    ),
    exportCodec: singleton(({ fileLinkBaseUrl }) => jsonCsvExportCodec(fileLinkBaseUrl)),
    requestExport: singleton(makeRequestExport),
    getExport: singleton(makeGetExport),
    runNextExport: singleton(makeRunNextExport),
    importWorkspace: singleton(makeImportWorkspace),
    exportRunner: singleton(
      ({ runNextExport, logger }) =>
        new ExportRunnerJob({
          runNextExport,
          logger,
          intervalSeconds: context.config.files.exportPollIntervalSeconds,
        }),
      (job) => job.stop(),
    ),
    exportSignal: singleton(({ exportRunner }) => exportRunner),
  }),
  routes: (deps) => exportRoutes(deps),
  jobs: ({ exportRunner }) => [exportRunner],
  retention: ({ exportPurge }) => [exportPurge],
};
