// A full garbage collection at a phase boundary of a long run. A 50,000-case dataset run ends with
// V8's heap still full of the run's garbage (it collects the old generation only when it must), and
// the closing summary then reads a counter row per case on top of it: the two added up to 350 MB
// resident. Collected first, the run peaked at 231 MB (bench/dataset-memory.ts, notes in
// bench/README.md). `gc` exists only with --expose-gc, which the command line's starters (the
// bin, `npm run remora`, `node bin/remora.mjs` in the tests and the bench) do not pass; unless one
// did, it is exposed here once with v8.setFlagsFromString. Node calls flag changes after start
// unsupported in general; this one holds because V8 reads it only when a context is made (the new
// vm context below), and Node's V8 leaves its flags unfrozen (`node --v8-options`: default
// --no-freeze-flags-after-init), which setFlagsFromString needs at all. The test beside this file
// checks that the collection happens on the Node it runs on.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null = null;

function exposedGc(): () => void {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export function collectGarbage(): void {
  collect ??= exposedGc();
  collect();
}
