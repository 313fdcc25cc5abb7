import { InvalidInput, NotFound } from '../kernel/errors.ts';

/** What an export holds: a workspace's runs, its audit events, or the whole workspace as one JSON document. */
export type ExportKind = 'runs' | 'audit_events' | 'workspace';
export type ExportFormat = 'ndjson' | 'csv' | 'json';
export type ExportStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/**
 * How long an instance holds an export it makes without renewing its lease: an instance that stops mid-way
 * lets another start the export again after at most this long.
 */
export const EXPORT_LEASE_SECONDS = 60;

/** An export interrupted this many times (its instance stopped mid-way) fails instead of starting again. */
export const MAX_EXPORT_ATTEMPTS = 3;

/** The filter an export was asked with, as given (ids, a status, ISO 8601 times), by the API's names. */
export type ExportFilter = Readonly<Record<string, string>>;

export interface ExportJobProps {
  readonly id: string;
  readonly workspaceId: string;
  readonly kind: ExportKind;
  readonly format: ExportFormat;
  readonly filter: ExportFilter;
  status: ExportStatus;
  fileId: string | null;
  rows: number | null;
  error: string | null;
  /** The user who asked; the export's file is recorded as theirs (null for an API key). */
  readonly requestedBy: string | null;
  attempts: number;
  leaseExpiresAt: Date | null;
  readonly createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export class ExportNotFound extends NotFound {
  constructor() {
    super('export');
  }
}

/**
 * An export as a background job: queued by the API, taken by one instance at a time under a lease (an
 * instance that stops mid-way lets the lease run out and another starts it again), then succeeded with its
 * file or failed with a reason.
 */
export class ExportJob implements ExportJobProps {
  id!: string;
  workspaceId!: string;
  kind!: ExportKind;
  format!: ExportFormat;
  filter!: ExportFilter;
  status!: ExportStatus;
  fileId!: string | null;
  rows!: number | null;
  error!: string | null;
  requestedBy!: string | null;
  attempts!: number;
  leaseExpiresAt!: Date | null;
  createdAt!: Date;
  startedAt!: Date | null;
  finishedAt!: Date | null;

  constructor(props: ExportJobProps) {
    Object.assign(this, props);
  }

  static queue(props: {
    id: string;
    workspaceId: string;
    kind: ExportKind;
    format: ExportFormat | undefined;
    filter: ExportFilter | undefined;
    requestedBy: string | null;
    now: Date;
  }): ExportJob {
    return new ExportJob({
      id: props.id,
      workspaceId: props.workspaceId,
      kind: props.kind,
      format: exportFormat(props.kind, props.format),
      filter: props.kind === 'workspace' ? {} : (props.filter ?? {}),
      status: 'queued',
      fileId: null,
      rows: null,
      error: null,
      requestedBy: props.requestedBy,
      attempts: 0,
      leaseExpiresAt: null,
      createdAt: props.now,
      startedAt: null,
      finishedAt: null,
    });
  }

  /** Whether an instance may take it at `now`: queued, or running under a lease that ran out. */
  takeableAt(now: Date): boolean {
    return (
      this.status === 'queued' ||
      (this.status === 'running' && this.leaseExpiresAt !== null && this.leaseExpiresAt <= now)
    );
  }

  /** Taken by an instance until `leaseExpiresAt`; past MAX_EXPORT_ATTEMPTS it fails instead. */
  take(now: Date, leaseExpiresAt: Date): void {
    if (this.attempts >= MAX_EXPORT_ATTEMPTS) {
      this.fail(`the export was interrupted ${this.attempts} times`, now);
      return;
    }
    this.status = 'running';
    this.attempts += 1;
    this.startedAt ??= now;
    this.leaseExpiresAt = leaseExpiresAt;
  }

  succeed(fileId: string, rows: number, now: Date): void {
    this.status = 'succeeded';
    this.fileId = fileId;
    this.rows = rows;
    this.#finish(now);
  }

  fail(reason: string, now: Date): void {
    this.status = 'failed';
    this.error = reason;
    this.#finish(now);
  }

  #finish(now: Date): void {
    this.leaseExpiresAt = null;
    this.finishedAt = now;
  }
}

/** Runs and audit events export as NDJSON or CSV; a workspace as one JSON document. */
function exportFormat(kind: ExportKind, format: ExportFormat | undefined): ExportFormat {
  if (kind === 'workspace') {
    if (format !== undefined && format !== 'json') throw new InvalidInput('a workspace exports as json');
    return 'json';
  }
  if (format === undefined) throw new InvalidInput(`a ${kind} export needs a format: ndjson or csv`);
  if (format === 'json') throw new InvalidInput(`${kind} export as ndjson or csv`);
  return format;
}
