// ruff (10 MB) and tree-sitter (0.7 MB) run as WebAssembly, and their work touches enough of their code
// that V8 recompiles much of it with its optimizing compiler on background threads, which Node waits
// for at exit: measured per process, ruff linting the json package's 5 files 5.4 s of CPU against 0.29 s
// on the baseline compiler (Liftoff) alone, tree-sitter starting and parsing one file 0.23 s against
// 0.09 s; 30 parses were faster on Liftoff too (0.27 s and 0.15 s). Tool workers and the command line
// are short-lived processes, so the optimized code never pays for itself. The flag is the process's:
// it also holds for any later WebAssembly module, and it is read when a module is compiled, so it is set
// before each load (Node leaves V8's flags unfrozen, as lib/cli/collect-garbage.ts also relies on).
import { setFlagsFromString } from 'node:v8';

/** Compiles the WebAssembly modules loaded after this with V8's baseline compiler only. */
export function useBaselineWasmCompiler(): void {
  setFlagsFromString('--liftoff-only');
}
