// The command line that runs a program inside bubblewrap. Namespaces: no network, no view of other
// processes, its own IPC and host name. As root, the program runs as an unprivileged user without
// capabilities, in a user namespace of its own (so that its process limit counts its processes
// only). Resource limits are set last, just before the program starts.
import { spawnSync } from 'node:child_process';
import type { SandboxHost } from './host-facts';
import { dropArguments } from './drop';
import { mountArguments, type Mounts } from './filesystem';
import { prlimitArguments, type ProcessLimits } from './limits';
import { sandboxEnvironment } from './environment';

export type SandboxSpec = {
  mounts: Mounts;
  limits: ProcessLimits;
  /** Working folder of the program (inside a mount). */
  cwd: string;
};

/** argv[0] is bubblewrap; the environment is the spawn's own (bubblewrap passes it on unchanged). */
export function confinedArgv(host: SandboxHost, spec: SandboxSpec, program: string, args: string[]): string[] {
  if (!host.bwrap || !host.prlimit) throw new Error('confinedArgv needs a host with bubblewrap and prlimit');
  const argv = [host.bwrap, ...mountArguments(spec.mounts)];
  argv.push('--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try');
  argv.push('--die-with-parent', '--new-session', '--chdir', spec.cwd);
  if (host.dropTo) {
    if (!host.setpriv || !host.unshare) throw new Error('running as root needs setpriv and unshare');
    // Root keeps only what it needs to enter the workspace and become the unprivileged user; setpriv drops that too.
    argv.push(
      '--cap-drop',
      'ALL',
      '--cap-add',
      'CAP_SETUID',
      '--cap-add',
      'CAP_SETGID',
      '--cap-add',
      'CAP_DAC_READ_SEARCH',
      '--',
    );
    argv.push(host.setpriv, ...dropArguments(host.dropTo), '--', host.unshare, '--user', '--map-current-user', '--');
  } else {
    argv.push('--unshare-user', '--disable-userns', '--');
  }
  argv.push(host.prlimit, ...prlimitArguments(spec.limits), '--', program, ...args);
  return argv;
}

/**
 * Runs `true` the way tools will run, so that a kernel refusing namespaces is found before the
 * first confined tool, not in its result.
 */
export function probeSandbox(host: SandboxHost): string | null {
  const argv = confinedArgv(
    host,
    {
      mounts: { readable: [], writable: [], tmpBytes: 1024 * 1024 },
      limits: {
        cpuSeconds: 5,
        memoryBytes: null,
        dataBytes: null,
        processes: 16,
        fileBytes: 1024,
        openFiles: 64,
        tmpBytes: 1024 * 1024,
      },
      cwd: '/',
    },
    'true',
    [],
  );
  const result = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout: 10_000, env: sandboxEnvironment() });
  if (result.error) return `bubblewrap could not start: ${result.error.message}`;
  if (result.status !== 0)
    return `bubblewrap does not work here: ${(result.stderr || `exit code ${result.status}`).trim()}`;
  return null;
}
