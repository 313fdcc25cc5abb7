import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A process, told apart from a later one that reuses its id by the moment it started. */
interface ProcessIdentity {
  readonly pid: number;
  readonly startedAt: string;
}

/** Kept beside the cluster: the process that stops it at its exit, and its watchdog. */
interface OwnerRecord {
  readonly owner: ProcessIdentity;
  readonly watchdog: ProcessIdentity;
}

/** Who is to stop a running cluster: its owner, its owner's watchdog (already stopping it), or nobody. */
export type Ownership = 'owned' | 'stopping' | 'orphaned';

export interface StopCommand {
  /** `pg_ctl` */
  readonly pgCtl: string;
  readonly clusterDir: string;
  /** The user the cluster belongs to, when not this process's. */
  readonly user: { readonly uid: number; readonly gid: number } | undefined;
}

/**
 * Waits for its owner (argument 1) to die, however it dies, SIGKILL included, then stops the cluster. A
 * zombie counts as dead: its parent may be slow to reap it.
 */
const WATCHDOG = `while [ -d "/proc/$1" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; do
  sleep 1
done
exec "$2" stop -D "$3" -m fast -w -t 60`;

const recordFile = (dataDir: string) => join(dataDir, 'postgres-owner.json');

export async function ownershipOf(dataDir: string): Promise<Ownership> {
  const record = await readRecord(dataDir);
  if (record && (await isAlive(record.owner))) return 'owned';
  if (record && (await isAlive(record.watchdog))) return 'stopping';
  return 'orphaned';
}

/** Resolves once the watchdog of a dead owner is done stopping the cluster (or after `ms` in any case). */
export async function stopped(dataDir: string, ms = 70_000): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await ownershipOf(dataDir)) === 'stopping' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Makes this process the owner of the running cluster: a watchdog (a detached shell, out of reach of the
 * terminal's Ctrl-C) stops it if this process dies without doing so, and the record beside the cluster tells
 * a later start who that is. Returns how to let go: the watchdog ended and the record removed, so that neither
 * can stop a cluster a later start runs.
 */
export async function takeOwnership(dataDir: string, stop: StopCommand): Promise<() => Promise<void>> {
  const watchdog = spawn(
    '/bin/sh',
    ['-c', WATCHDOG, 'postgres-watchdog', String(process.pid), stop.pgCtl, stop.clusterDir],
    {
      detached: true,
      stdio: 'ignore',
      cwd: '/',
      ...(stop.user ?? {}),
    },
  );
  watchdog.on('error', () => {}); // a watchdog that cannot start leaves the stop at exit to this process alone
  watchdog.unref();
  const [owner, guard] = await Promise.all([identify(process.pid), identify(watchdog.pid)]);
  if (owner && guard) await writeFile(recordFile(dataDir), JSON.stringify({ owner, watchdog: guard }));
  return async () => {
    watchdog.kill('SIGTERM');
    await rm(recordFile(dataDir), { force: true });
  };
}

async function readRecord(dataDir: string): Promise<OwnerRecord | undefined> {
  try {
    return JSON.parse(await readFile(recordFile(dataDir), 'utf8')) as OwnerRecord;
  } catch {
    return undefined;
  }
}

async function isAlive(identity: ProcessIdentity): Promise<boolean> {
  return (await identify(identity.pid))?.startedAt === identity.startedAt;
}

/** Linux's own record of a live process (field 22 of /proc/<pid>/stat: when it started); none for a zombie. */
async function identify(pid: number | undefined): Promise<ProcessIdentity | undefined> {
  if (pid === undefined) return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // The command name (field 2) may hold spaces and parentheses: count fields from after its closing one.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (!fields || fields[0] === 'Z') return undefined;
  const startedAt = fields[19];
  return startedAt ? { pid, startedAt } : undefined;
}
