// Wall and CPU time of one phase of the benchmark, each phase charged for its own garbage.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export type Measured<T> = { value: T; wallMs: number; cpuMicros: number };

let collector: (() => void) | null | undefined;

/**
 * A full garbage collection, when V8 lets us ask for one. Without it the garbage one phase leaves
 * would be collected, and charged, during the next.
 */
export function collectGarbage(): boolean {
  if (collector === undefined) {
    setFlagsFromString('--expose-gc');
    // A fresh context sees the gc function the flag has just exposed.
    const candidate: unknown = runInNewContext('typeof gc === "function" ? gc : null');
    collector = typeof candidate === 'function' ? (candidate as () => void) : null;
  }
  collector?.();
  return collector !== null;
}

/** Runs `work` between two full collections; the second one counts as part of the phase. */
export async function measured<T>(work: () => Promise<T>): Promise<Measured<T>> {
  collectGarbage();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  collectGarbage();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { value, wallMs, cpuMicros: cpu.user + cpu.system };
}
