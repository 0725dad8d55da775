// How Remora runs a script, from its file type alone: JavaScript and TypeScript modules in a tool
// worker, Python and shell scripts by Remora's own interpreters. No definition can name another.
import path from 'node:path';
import type { ConfinedProgram } from './sandbox/run-confined';

const MODULE_EXTENSIONS = new Set(['.ts', '.js', '.mjs', '.mts']);
const INTERPRETERS: Record<string, ConfinedProgram> = { '.py': 'python', '.sh': 'bash' };

/** True for scripts the pool loads as modules in a worker. */
export function isModuleScript(script: string): boolean {
  return MODULE_EXTENSIONS.has(path.extname(script).toLowerCase());
}

/** The interpreter Remora runs a script with, from its file type; null for a type it does not run. */
export function interpreterFor(script: string): ConfinedProgram | null {
  return INTERPRETERS[path.extname(script).toLowerCase()] ?? null;
}
