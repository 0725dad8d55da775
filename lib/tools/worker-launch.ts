// Starting a tool worker (compiled, or TypeScript through tsx), inside bubblewrap where it is
// available. A confined worker reads Remora's code and its dependencies, the agent folder it
// serves, Node and the system; it writes only the one conversation's workspace it serves and a
// private /tmp; it has no network and none of Remora's environment. Its CPU time, memory, processes
// and file sizes are bounded by the kernel (TOOL_WORKER_LIMITS), also where there is no sandbox.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { WorkerLaunch } from '../build/tool-worker-launch';
import { confinedArgv } from './sandbox/command';
import { sandboxEnvironment } from './sandbox/environment';
import { sandboxHost, type Confinement } from './sandbox/host';
import { WORKER_HEAP_MB, prlimitArguments, type ProcessLimits } from './sandbox/limits';
import { isWithin } from './sandbox/paths';
import { workRootMarker } from './work-root';
import type { WorkerScope } from './worker-scope';

/** Tells a worker its CPU budget, so that it retires itself before an honest run of calls meets it. */
const WORKER_CPU_VARIABLE = 'REMORA_WORKER_CPU_SECONDS';
/** Names one worker's processes (its sandbox's included), so that what a kill leaves behind can be found. */
export const WORKER_TAG_VARIABLE = 'REMORA_WORKER_TAG';

/** What a worker's sandbox lets it read, besides the system: the project's code, its build, and its dependencies. */
function projectReadable(projectRoot: string): string[] {
  return ['lib', 'agents', 'node_modules', '.build', 'package.json', 'tsconfig.json'].map((name) =>
    path.join(/*turbopackIgnore: true*/ projectRoot, name),
  );
}

/** Node's own installation, when it is not under /usr (nvm, a tarball in /opt). */
function nodeInstallation(): string[] {
  const executable = realpathSync(process.execPath);
  return executable.startsWith('/usr/') ? [] : [path.dirname(path.dirname(executable))];
}

/** An agent's folder: the nearest folder above its script holding agent.yaml, else the script's own folder. */
export function agentFolderOf(script: string): string {
  const resolved = path.resolve(script);
  for (
    let folder = path.dirname(resolved), depth = 0;
    depth < 4 && folder !== path.dirname(folder);
    folder = path.dirname(folder), depth++
  ) {
    if (existsSync(path.join(folder, 'agent.yaml'))) return folder;
  }
  return path.dirname(resolved);
}

/** The folder a worker must also read to load `script`; null when the project's folders already hold it. */
export function extraReadableFor(script: string, projectRoot: string): string | null {
  const resolved = path.resolve(script);
  return projectReadable(projectRoot).some((folder) => isWithin(folder, resolved)) ? null : agentFolderOf(resolved);
}

export type LaunchedWorker = { child: ChildProcess; confinement: Confinement; tag: string };

export function launchWorker(
  launch: WorkerLaunch,
  projectRoot: string,
  scope: WorkerScope,
  limits: ProcessLimits,
): LaunchedWorker {
  const host = sandboxHost();
  const tag = randomUUID();
  const env = sandboxEnvironment({
    ...workRootMarker(),
    REMORA_TOOL_WORKER: '1',
    [WORKER_TAG_VARIABLE]: tag,
    ...(limits.cpuSeconds === null ? {} : { [WORKER_CPU_VARIABLE]: String(limits.cpuSeconds) }),
  });
  const workerScript = launch.script;
  const nodeArgs = [...launch.execArgv, `--max-old-space-size=${WORKER_HEAP_MB}`];
  // stdout and stderr are pipes of their own, so a tool's console.log cannot disturb the IPC channel.
  const stdio: ('ignore' | 'pipe' | 'ipc')[] = ['ignore', 'pipe', 'pipe', 'ipc'];
  const cwd = scope.workspace ?? projectRoot;
  let argv: string[];
  if (host.confinement === 'none') {
    // No sandbox: the limits still hold, except the process count, which here would count all the user's processes.
    argv = host.prlimit
      ? [host.prlimit, ...prlimitArguments(limits, { perUser: false }), '--', process.execPath, ...nodeArgs]
      : [process.execPath, ...nodeArgs];
  } else {
    const readable = [...projectReadable(projectRoot), ...nodeInstallation(), ...(scope.extra ? [scope.extra] : [])];
    const writable = scope.workspace ? [scope.workspace] : [];
    const spec = { mounts: { readable, writable, tmpBytes: limits.tmpBytes }, limits, cwd };
    argv = confinedArgv(host, spec, process.execPath, nodeArgs);
  }
  // fork() appends the worker script to execArgv: the arguments end with Node and its own.
  const child = fork(workerScript, [], {
    execPath: argv[0],
    execArgv: argv.slice(1),
    env,
    stdio,
    serialization: 'json',
    cwd: host.confinement === 'none' ? cwd : undefined,
  });
  return { child, confinement: host.confinement, tag };
}
