// What this machine offers for confining tool processes, found once per process and only when
// something asks (a confined tool about to run, an experiment whose agent has such tools, the
// panel's form): bubblewrap (and whether it really works here, which costs a sandbox start), the
// Python interpreter Remora runs (never one an agent names), and the helpers that drop privileges
// and set resource limits.
import { accessSync, constants, existsSync, realpathSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { probeSandbox } from './command';
import type { PythonInfo, SandboxHost } from './host-facts';
import { isWithin, outermost } from './paths';
import os from 'node:os';
import path from 'node:path';

// The types live in host-facts.ts, which command.ts reads without reading this.
export type { Confinement, PythonInfo, SandboxHost } from './host-facts';

const UNPRIVILEGED_ID = 65534;

function findExecutable(name: string, explicit?: string): string | null {
  const candidates = explicit
    ? [explicit]
    : (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter).map((folder) => path.join(folder, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return realpathSync(candidate);
    } catch {
      // Not here; the next folder on PATH may have it.
    }
  }
  return null;
}

/** The bubblewrap binary: REMORA_BWRAP when set (empty turns confinement off), else `bwrap` on PATH. */
function bwrapPath(): { path: string | null; reason: string | null } {
  const configured = process.env.REMORA_BWRAP;
  if (configured === '') return { path: null, reason: 'REMORA_BWRAP is set to an empty value' };
  if (process.platform !== 'linux')
    return { path: null, reason: `bubblewrap runs on Linux only (this is ${process.platform})` };
  const found = findExecutable('bwrap', configured);
  if (!found)
    return {
      path: null,
      reason: configured ? `REMORA_BWRAP=${configured} is not an executable` : 'bubblewrap (bwrap) is not installed',
    };
  return { path: found, reason: null };
}

// On globalThis, so that Next's bundles, each with its own copy of this module, probe once per process.
const HOST_KEY = Symbol.for('remora.sandbox-host');
type HostHolder = { [HOST_KEY]?: SandboxHost | null };

export function sandboxHost(): SandboxHost {
  const cachedHost = (globalThis as HostHolder)[HOST_KEY];
  if (cachedHost) return cachedHost;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const found = {
    prlimit: findExecutable('prlimit'),
    setpriv: isRoot ? findExecutable('setpriv') : null,
    unshare: isRoot ? findExecutable('unshare') : null,
    dropTo: isRoot ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : null,
  };
  const bwrap = bwrapPath();
  let reason = bwrap.reason;
  if (!reason && !found.prlimit)
    reason = 'prlimit (util-linux) is missing, so sandboxes could not limit CPU, memory and processes';
  if (!reason && isRoot && (!found.setpriv || !found.unshare))
    reason = 'Remora runs as root and setpriv or unshare (util-linux) is missing, so a sandbox could not drop root';
  const host: SandboxHost = { confinement: 'none', unavailableReason: reason, bwrap: null, ...found };
  if (!reason && bwrap.path) {
    const problem = probeSandbox({ ...host, confinement: 'bubblewrap', bwrap: bwrap.path });
    if (problem) host.unavailableReason = problem;
    else Object.assign(host, { confinement: 'bubblewrap', bwrap: bwrap.path, unavailableReason: null });
  }
  (globalThis as HostHolder)[HOST_KEY] = host;
  return host;
}

/** Forgets what was found (tests that change REMORA_BWRAP). */
export function resetSandboxHost(): void {
  (globalThis as HostHolder)[HOST_KEY] = null;
  cachedPython = null;
}

const PYTHON_PROBE = [
  'import json, os, sys',
  'paths = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix] + [p for p in sys.path if p]',
  'print(json.dumps({"executable": sys.executable, "paths": paths}))',
].join('\n');

/** Isolated mode: no PYTHONPATH, no user site, no current folder on sys.path. */
const PYTHON_PROBE_ARGUMENTS = ['-I', '-c', PYTHON_PROBE];

let cachedPython: PythonInfo | { error: string } | null = null;

/** The interpreter Remora runs Python with: REMORA_PYTHON, else `python3` on PATH, asked where it lives. */
export function pythonInfo(): PythonInfo | { error: string } {
  if (cachedPython) return cachedPython;
  const command = process.env.REMORA_PYTHON || 'python3';
  // The interpreter is the machine's, found at run time: nothing for the panel's bundler to trace.
  const result = spawnSync(/*turbopackIgnore: true*/ command, PYTHON_PROBE_ARGUMENTS, {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (result.error || result.status !== 0) {
    const detail = result.error ? result.error.message : (result.stderr || `exit code ${result.status}`).trim();
    cachedPython = {
      error: `"${command}" could not be run (${detail}): install Python 3, or set REMORA_PYTHON to an interpreter`,
    };
    return cachedPython;
  }
  const parsed = JSON.parse(result.stdout) as { executable: string; paths: string[] };
  const existing = parsed.paths
    .filter((entry) => path.isAbsolute(entry) && existsSync(entry))
    .map((entry) => realpathSync(entry));
  // A zip on sys.path is read through its folder; every root must be a folder to bind.
  const folders = existing.map((entry) => (entry.endsWith('.zip') ? path.dirname(entry) : entry));
  // Never the whole disk or a home folder: only what the interpreter itself is made of.
  const home = os.homedir();
  const safe = [path.dirname(path.dirname(parsed.executable)), ...folders].filter(
    (folder) => folder !== path.parse(folder).root && !isWithin(folder, home),
  );
  cachedPython = { executable: parsed.executable, roots: outermost(safe) };
  return cachedPython;
}
