import type { ImportResult } from '../../../application/exports/import-workspace.ts';
import type { ExportJob } from '../../../domain/exports/export-job.ts';
import { presentModelProvider } from '../../models/index.ts';
import { presentTriggerWithSecret } from '../../triggers/index.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentExport(job: ExportJob) {
  return {
    id: job.id,
    workspace_id: job.workspaceId,
    kind: job.kind,
    format: job.format,
    status: job.status,
    file_id: job.fileId,
    rows: job.rows,
    error: job.error,
    created_at: job.createdAt.toISOString(),
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
  };
}

export function exportUrl(job: Pick<ExportJob, 'id'>): string {
  return `/api/exports/${job.id}`;
}

export function presentImport(result: ImportResult, publicUrl: string) {
  const { blueprintVersions, modelProviders, agentVersions, datasetItems, knowledgeBases, ...created } =
    result.created;
  return {
    created: {
      ...created,
      blueprint_versions: blueprintVersions,
      model_providers: modelProviders,
      agent_versions: agentVersions,
      dataset_items: datasetItems,
      knowledge_bases: knowledgeBases,
    },
    triggers: result.triggers.map((trigger) => presentTriggerWithSecret(trigger, publicUrl)),
    model_providers: result.modelProviders.map(presentModelProvider),
  };
}
