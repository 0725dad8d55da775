// A full garbage collection at a phase boundary of a long run. A 50,000-case dataset run ends with
// V8's heap still full of the run's garbage (it collects the old generation only when it must), and
// the closing summary then reads a counter row per case on top of it: the two added up to 350 MB
// resident. Collected first, the run peaked at 231 MB (bench/dataset-memory.ts, notes in
// bench/README.md). `gc` is not exposed without --expose-gc, which a command cannot give itself
// at start, so it is exposed here, once, as Node's own documentation does with v8.setFlagsFromString.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null = null;

export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
