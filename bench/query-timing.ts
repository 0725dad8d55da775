// Server-time measurements of panel queries for the benches (panel-queries.ts, search.ts): each
// query once to warm up, then timed `runs` times; printed one row per query.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

export type Timing = { name: string; medianMs: number; minMs: number; maxMs: number; detail: string };

export function time(
  name: string,
  runs: number,
  work: () => unknown,
  describe: (result: unknown) => string = () => '',
): Timing {
  let result = work(); // warm-up: statements prepared, pages in the cache, as on a live server
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    result = work();
    samples.push(performance.now() - started);
  }
  samples.sort((first, second) => first - second);
  return {
    name,
    medianMs: samples[Math.floor(samples.length / 2)],
    minMs: samples[0],
    maxMs: samples[samples.length - 1],
    detail: describe(result),
  };
}

/** The table of timings under a heading, each row with its verdict against the goal ('' for none). */
export function timingTable(heading: string, timings: Timing[], verdict: (timing: Timing) => string): string {
  const width = Math.max(...timings.map((timing) => timing.name.length));
  const rows = timings.map((timing) => {
    const median = timing.medianMs.toFixed(1).padStart(6);
    const max = timing.maxMs.toFixed(1).padStart(6);
    return `${timing.name.padEnd(width)}  ${median} ms ${max} ms  ${verdict(timing).padEnd(4)}   ${timing.detail}\n`;
  });
  return `\n${heading.padEnd(width)}  median      max   goal   detail\n${rows.join('')}`;
}

/** "1.2, 0.9, 0.7": the load averages over 1, 5 and 15 minutes. */
export function loadAverages(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
}
