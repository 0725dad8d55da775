// One folder per Remora process for everything its tools may write: `remora-run-<pid>-XXXX` in the
// system's temporary folder, holding `owner.json` (the owning process and a lease it renews) and
// `workspaces/`, the only folder sandboxed tools can write to. A process killed with -9 cannot
// clean up; the next Remora process to start removes what it left (and stops its processes).
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { lchown, lstat, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sandboxHost } from './sandbox/host';

export const WORK_ROOT_PREFIX = 'remora-run-';
/** The variable every process Remora starts for tools carries, naming its work root: how leftovers are found. */
export const WORK_ROOT_VARIABLE = 'REMORA_WORK_ROOT';
const LEASE_RENEW_MS = 15_000;
const LEASE_STALE_MS = 120_000;

type Owner = { pid: number; startTime: string | null; hostname: string; renewedAt: number };

type WorkRoot = { root: string; workspaces: string; timer: NodeJS.Timeout };
// One per process, on globalThis: Next gives each bundle (the instrumentation's job runner, each
// route) its own copy of this module, and a workspace made by one copy must be one the pool of
// another accepts, so that the panel's campaigns and experiments share one tool pool.
const ROOT_KEY = Symbol.for('remora.work-root');
type RootHolder = { [ROOT_KEY]?: WorkRoot };

function currentRoot(): WorkRoot | undefined {
  return (globalThis as RootHolder)[ROOT_KEY];
}

/** The start time of a process (clock ticks since boot, from /proc), which tells a reused pid apart; null off Linux. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces, so count from after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function writeOwner(root: string): void {
  const owner: Owner = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    hostname: os.hostname(),
    renewedAt: Date.now(),
  };
  const file = path.join(root, 'owner.json');
  writeFileSync(`${file}.new`, JSON.stringify(owner));
  renameSync(`${file}.new`, file);
}

/** This process's work root, made (after removing what dead processes left) on first use. */
export function processWorkRoot(): { root: string; workspaces: string } {
  const existing = currentRoot();
  if (existing) return existing;
  sweepLeftovers();
  const root = mkdtempSync(path.join(os.tmpdir(), `${WORK_ROOT_PREFIX}${process.pid}-`));
  // The root and owner.json stay the owner's; only workspaces/ is handed to the sandbox's user.
  const workspaces = path.join(root, 'workspaces');
  mkdirSync(workspaces, { mode: 0o700 });
  writeOwner(root);
  const timer = setInterval(() => {
    try {
      writeOwner(root);
    } catch {
      // The folder was removed under us (a cleanup by hand); the next renewal tries again.
    }
  }, LEASE_RENEW_MS);
  timer.unref();
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  const made: WorkRoot = { root, workspaces, timer };
  (globalThis as RootHolder)[ROOT_KEY] = made;
  void handOver(workspaces);
  return made;
}

/** The environment entry that marks a process as started for this work root. */
export function workRootMarker(): Record<string, string> {
  return { [WORK_ROOT_VARIABLE]: processWorkRoot().root };
}

/** A new empty folder for one conversation (or one campaign node), writable by sandboxed tools. */
export async function createWorkspaceFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(processWorkRoot().workspaces, 'workspace-'));
  await handOver(folder);
  return folder;
}

/**
 * Gives a folder and everything in it to the unprivileged user sandboxes run as when Remora is
 * root (nothing to do otherwise). Links are changed themselves, never followed.
 */
export async function handOver(folder: string): Promise<void> {
  const host = sandboxHost();
  if (!host.dropTo || host.confinement !== 'bubblewrap') return;
  const { uid, gid } = host.dropTo;
  const visit = async (entry: string): Promise<void> => {
    const info = await lstat(entry);
    if (info.uid !== uid || info.gid !== gid) await lchown(entry, uid, gid);
    if (info.isDirectory()) for (const name of await readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(folder);
}

function ownerIsAlive(owner: Owner, now: number): boolean {
  if (owner.hostname !== os.hostname()) return now - owner.renewedAt < LEASE_STALE_MS;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: another user's process holds the pid; their folder is not ours to judge.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const startTime = processStartTime(owner.pid);
  if (startTime !== null && owner.startTime !== null) return startTime === owner.startTime;
  return now - owner.renewedAt < LEASE_STALE_MS;
}

function readOwner(root: string): Owner | null {
  try {
    return JSON.parse(readFileSync(path.join(root, 'owner.json'), 'utf8')) as Owner;
  } catch {
    return null;
  }
}

/** Processes whose environment names this work root: its workers and sandboxes (running, or left by a dead owner). */
export function processesOf(root: string): number[] {
  return processesWith(WORK_ROOT_VARIABLE, root);
}

/** Processes (other than this one) whose environment holds `name=value`; empty where there is no /proc. */
export function processesWith(name: string, value: string): number[] {
  const marker = Buffer.from(`${name}=${value}\0`);
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`).includes(marker)) found.push(Number(entry));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

export type SweepReport = { removed: string[]; killed: number[] };

/**
 * Removes the work roots of Remora processes that are gone (their pid is dead or now another
 * process's, or their lease ran out on another host) and kills what they left running.
 * A root whose owner.json cannot be read yet is left alone unless it is older than the lease.
 */
export function sweepLeftovers(parent = os.tmpdir(), now = Date.now()): SweepReport {
  const report: SweepReport = { removed: [], killed: [] };
  let names: string[];
  try {
    names = readdirSync(parent).filter((name) => name.startsWith(WORK_ROOT_PREFIX));
  } catch {
    return report;
  }
  for (const name of names) {
    const root = path.join(parent, name);
    if (currentRoot()?.root === root) continue;
    const owner = readOwner(root);
    if (owner ? ownerIsAlive(owner, now) : youngerThanLease(root, now)) continue;
    for (const pid of processesOf(root)) {
      try {
        process.kill(pid, 'SIGKILL');
        report.killed.push(pid);
      } catch {
        // Already gone.
      }
    }
    rmSync(root, { recursive: true, force: true });
    report.removed.push(root);
  }
  return report;
}

function youngerThanLease(root: string, now: number): boolean {
  try {
    return now - statSync(root).mtimeMs < LEASE_STALE_MS;
  } catch {
    return false;
  }
}
