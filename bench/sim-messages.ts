// Messages between the benchmark and its simulator child process (bench/sim-process.ts).
import type { SimStats } from '../lib/sim/options';

export type SimCommand =
  /** Zero the simulator's counters (so a replay gets the same answers) and start or stop recording. */
  | { type: 'reset'; id: number; record: boolean }
  /** The child's CPU time so far and the simulator's counts. */
  | { type: 'measure'; id: number }
  /** The chat request bodies recorded since the last reset; recording stops. */
  | { type: 'take-bodies'; id: number }
  | { type: 'stop' };

export type SimReply =
  | { type: 'ready'; url: string; origin: string; pid: number }
  | { type: 'reset'; id: number }
  | { type: 'measure'; id: number; cpuMicros: number; stats: SimStats }
  | { type: 'bodies'; id: number; bodies: string[] };
