import type { ExportFilter } from '../../domain/exports/export-job.ts';
import type { Run, RunStatus } from '../../domain/runs/index.ts';
import type { AuditEvents, AuditFilter, StoredAuditEvent } from '../audit/index.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { RunRepository } from '../runs/index.ts';

/** Rows read per query: what an export holds in memory at a time, whatever its size. */
export const EXPORT_PAGE_SIZE = 200;

/** Every item of a keyset-paged list, one page in memory at a time. */
export async function* everyItem<T>(list: (page: PageRequest) => Promise<Page<T>>): AsyncIterable<T> {
  let page = await list({ limit: EXPORT_PAGE_SIZE });
  for (;;) {
    yield* page.items;
    if (!page.next) return;
    page = await list({ limit: EXPORT_PAGE_SIZE, after: page.next });
  }
}

/** The workspace's runs the filter selects, oldest first. */
export function runsOf(runs: RunRepository, workspaceId: string, filter: ExportFilter): AsyncIterable<Run> {
  const runFilter = {
    workspaceId,
    missionId: filter.mission_id,
    status: filter.status as RunStatus | undefined,
    // Without it, top-level runs only (as GET /api/runs lists them): child runs are exported by their parent.
    parentRunId: filter.parent_run_id,
    createdAfter: dateOf(filter.created_after),
    createdBefore: dateOf(filter.created_before),
  };
  return everyItem((page) => runs.listInFull(runFilter, page));
}

/** The workspace's audit events the filter selects, newest first (as the audit API lists them). */
export function auditEventsOf(
  auditEvents: AuditEvents,
  workspaceId: string,
  filter: ExportFilter,
): AsyncIterable<StoredAuditEvent> {
  const auditFilter: AuditFilter = {
    ...(filter.action && { action: filter.action as AuditFilter['action'] }),
    ...(filter.actor_id && { actorId: filter.actor_id }),
    ...(filter.target_type && { targetType: filter.target_type as AuditFilter['targetType'] }),
    ...(filter.target_id && { targetId: filter.target_id }),
    ...(filter.since && { since: new Date(filter.since) }),
    ...(filter.until && { until: new Date(filter.until) }),
  };
  return everyItem((page) => auditEvents.listForWorkspace(workspaceId, auditFilter, page));
}

function dateOf(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}
