import { type FieldProblem, InvalidFields } from './errors.ts';

/**
 * What retention bounds: each setting is a number of days past which finished rows are deleted (or, for
 * delivery bodies, dropped). Sessions are the instance's only; the others a workspace may set for itself.
 */
export const RETENTION_SETTINGS = [
  'sessions',
  'idempotency_keys',
  'delivery_bodies',
  'runs',
  'files',
  'audit',
] as const;

export type RetentionSetting = (typeof RETENTION_SETTINGS)[number];

export const WORKSPACE_RETENTION_SETTINGS = [
  'idempotency_keys',
  'delivery_bodies',
  'runs',
  'files',
  'audit',
] as const satisfies readonly RetentionSetting[];

export type WorkspaceRetentionSetting = (typeof WORKSPACE_RETENTION_SETTINGS)[number];

/** The longest a workspace may keep anything: ten years. */
export const MAX_RETENTION_DAYS = 3650;

/**
 * The fewest days of each setting. Idempotency keys outlive their 24 h window; the audit log keeps a year at
 * least, whatever a workspace or the instance says.
 */
export const MIN_RETENTION_DAYS: Readonly<Record<RetentionSetting, number>> = {
  sessions: 1,
  idempotency_keys: 1,
  delivery_bodies: 1,
  runs: 1,
  files: 1,
  audit: 365,
};

/** The instance's days per setting; 0 keeps rows forever (allowed for runs and files only). */
export type RetentionDays = Readonly<Record<RetentionSetting, number>>;

/** A workspace's own days per setting; null (or absent) follows the instance's default. */
export type WorkspaceRetention = Readonly<Record<WorkspaceRetentionSetting, number | null>>;

export const NO_WORKSPACE_RETENTION: WorkspaceRetention = {
  idempotency_keys: null,
  delivery_bodies: null,
  runs: null,
  files: null,
  audit: null,
};

/** Checks a workspace's values: whole days from the setting's minimum to MAX_RETENTION_DAYS, or null. */
export function checkWorkspaceRetention(values: WorkspaceRetention): WorkspaceRetention {
  const problems: FieldProblem[] = [];
  for (const setting of WORKSPACE_RETENTION_SETTINGS) {
    const days = values[setting];
    if (days === null) continue;
    const min = MIN_RETENTION_DAYS[setting];
    if (!Number.isInteger(days) || days < min || days > MAX_RETENTION_DAYS)
      problems.push({
        path: `/${setting}`,
        message: `must be whole days from ${min} to ${MAX_RETENTION_DAYS}`,
      });
  }
  if (problems.length > 0) throw new InvalidFields(problems, 'a retention value is out of bounds');
  return values;
}

/**
 * Where one setting cuts at one moment: rows older than the cutoff of their workspace go; null keeps them.
 * `byWorkspace` holds only the workspaces that set the setting themselves.
 */
export interface RetentionCutoffs {
  readonly fallback: Date | null;
  readonly byWorkspace: ReadonlyMap<string, Date | null>;
}

/** The cutoff of a row of `workspaceId` (null: kept). */
export function cutoffFor(cutoffs: RetentionCutoffs, workspaceId: string | null): Date | null {
  if (workspaceId !== null && cutoffs.byWorkspace.has(workspaceId))
    return cutoffs.byWorkspace.get(workspaceId) ?? null;
  return cutoffs.fallback;
}

/** Whether a row of `workspaceId` that ended at `endedAt` is past its retention. */
export function isExpired(cutoffs: RetentionCutoffs, workspaceId: string | null, endedAt: Date): boolean {
  const cutoff = cutoffFor(cutoffs, workspaceId);
  return cutoff !== null && endedAt < cutoff;
}

/** The cutoffs of `setting` at `now`, from the instance's days and the workspaces' own. */
export function retentionCutoffs(
  setting: RetentionSetting,
  now: Date,
  instance: RetentionDays,
  workspaces: ReadonlyMap<string, WorkspaceRetention>,
): RetentionCutoffs {
  const before = (days: number) => (days > 0 ? new Date(now.getTime() - days * 86_400_000) : null);
  const byWorkspace = new Map<string, Date | null>();
  if (setting !== 'sessions') {
    for (const [workspaceId, own] of workspaces) {
      const days = own[setting];
      if (days !== null) byWorkspace.set(workspaceId, before(days));
    }
  }
  return { fallback: before(instance[setting]), byWorkspace };
}
