// CPU time of this process's descendants (the tool workers), read from /proc. process.cpuUsage()
// covers only the calling process, and Node has no getrusage(RUSAGE_CHILDREN) for live children.
import { readdirSync, readFileSync } from 'node:fs';

// /proc reports in USER_HZ ticks, which Linux fixes at 100 per second for user space.
const MICROS_PER_TICK = 10_000;

/** Direct children of one process; empty once it is gone. */
function childrenOf(pid: number | 'self'): number[] {
  const pids: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return pids; // the process ended while it was read
  }
  for (const task of tasks) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) pids.push(...text.split(/\s+/).map(Number));
    } catch {
      // the thread ended while it was read
    }
  }
  return pids;
}

/**
 * Process ids of this process's descendants, or null where /proc cannot tell (not Linux). Not only
 * its children: a sandboxed tool worker runs under bubblewrap, as a grandchild.
 */
export function childPids(excluded: number[] = []): number[] | null {
  try {
    readdirSync('/proc/self/task');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const found: number[] = [];
  const queue = childrenOf('self');
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    // An excluded process (the simulator) is left out with everything it started.
    if (excluded.includes(pid)) continue;
    found.push(pid);
    queue.push(...childrenOf(pid));
  }
  return found;
}

/** User plus system CPU of one process in microseconds, or null once it is gone. */
export function processCpuMicros(pid: number): number | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // The command name (field 2) may hold spaces and parentheses; the fields after its last ')' are plain.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, so 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
}

/** CPU of the children except `excluded`, keyed by pid, or null where /proc cannot tell. */
export function childrenCpu(excluded: number[]): Map<number, number> | null {
  const pids = childPids(excluded);
  if (pids === null) return null;
  const usage = new Map<number, number>();
  for (const pid of pids) {
    if (excluded.includes(pid)) continue;
    const micros = processCpuMicros(pid);
    if (micros !== null) usage.set(pid, micros);
  }
  return usage;
}

/** CPU the children spent between two readings (a child started in between counts from zero). */
export function childrenCpuDelta(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (before === null || after === null) return null;
  let total = 0;
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0);
  return total;
}
