import type { ThroughExports } from '../../../composition/exports.ts';
import type { ExportJob } from '../../../domain/exports/export-job.ts';
import * as answer from '../../platform/http/answers.ts';
import { idParams, locationHeader } from '../../platform/http/common-schemas.ts';
import { camelCased, onId } from '../../platform/http/request-input.ts';
import { accepted, created, noStore } from '../../platform/http/respond.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { bearerRoutes } from '../../platform/http/route-groups.ts';
import { TAGS } from '../../platform/http/tags.ts';
import { exportUrl, presentExport, presentImport } from './export-presenters.ts';
import { createExportRequest, exportJob, importRequest, importResult } from './export-schemas.ts';

export function exportRoutes(deps: ThroughExports): RouteSpec[] {
  const bearer = bearerRoutes(TAGS.platform);
  const shown: answer.View<ExportJob> = { schema: exportJob, present: presentExport };
  return [
    bearer.post('/api/workspaces/{id}/exports', {
      operationId: 'createExport',
      summary: 'Export runs, audit events or the whole workspace (admins)',
      description:
        'Queues the export; any server instance makes it in the background, streaming the records from a ' +
        'cursor into a file of the workspace (counted in its storage quota), whatever their number. Runs and ' +
        'audit events as NDJSON or CSV (objects and arrays as JSON in a cell; a text cell a spreadsheet would ' +
        "run as a formula gets a leading `'`), a workspace as one JSON document (its blueprints with every " +
        'version, missions, triggers without their secrets, schedules, model providers without their keys, agents ' +
        'with every version, datasets with their items, knowledge bases with their documents’ metadata but no ' +
        'text) that `POST /api/workspaces/{id}/imports` ' +
        'reads. Follow it at `GET /api/exports/{id}`; the finished export is the file `file_id`.',
      params: idParams,
      body: createExportRequest,
      errors: [403],
      responses: {
        202: {
          description: 'The queued export.',
          schema: exportJob,
          headers: locationHeader('export', 'exports'),
        },
      },
      handler: async (ctx, { principal, params, body }) => {
        const job = await deps.requestExport(principal, params.id, camelCased(body));
        accepted(ctx, presentExport(job), exportUrl(job));
      },
    }),
    bearer.post('/api/workspaces/{id}/imports', {
      operationId: 'importWorkspace',
      summary: 'Re-create a workspace export in this workspace (admins)',
      description:
        'Reads a workspace export (a file the caller may read, of this or another workspace) and creates its ' +
        'missions, blueprints with every version, triggers, schedules, model providers, agents with every ' +
        'version, datasets with their items and knowledge bases here, all or nothing: new ids, references ' +
        'remapped to the new objects (schedules and triggers to their missions, blueprint nodes to the ' +
        'blueprints they run, agents to their provider and the missions and blueprints of their tools, ' +
        'knowledge bases to their embedding provider), each knowledge base empty (an export holds no ' +
        'document text: add its documents again), each trigger with a new webhook path and a new signing ' +
        'secret, answered this once, each model provider without a key (`api_key_hint: null`; its model calls ' +
        'fail with `provider_error` until `PATCH /api/model-providers/{id}` sets `api_key`). Each object is ' +
        'checked and counted in the quotas as one made by hand.',
      params: idParams,
      body: importRequest,
      errors: [403, 409, 413],
      responses: { 201: { description: 'What was created.', schema: importResult } },
      handler: async (ctx, { principal, params, body }) => {
        const result = await deps.importWorkspace(
          principal,
          params.id,
          (body as { file_id: string }).file_id,
        );
        noStore(ctx);
        created(ctx, presentImport(result, deps.fileLinkBaseUrl));
      },
    }),
    bearer.get('/api/exports/{id}', {
      operationId: 'getExport',
      summary: 'An export and its progress (admins)',
      params: idParams,
      errors: [403],
      ...answer.one(shown, 'The export.', onId(deps.getExport)),
    }),
  ];
}
