// Helpers for task-success check scripts (agents/*/checks/task-success.ts): they run like tools and
// print their verdict as the tool result `{success, reason, details}`.
import type { ToolContext, ToolOutput } from '../tools/protocol';
import { checkPythonSyntax, describeSyntaxProblems } from '../python/parser';
import { runConfined } from '../tools/sandbox/run-confined';

export function judged(success: boolean, reason: string, details?: Record<string, unknown>): ToolOutput {
  return { outcome: 'success', result: { success, reason, ...(details ? { details } : {}) }, summary: reason };
}

const COMPILE_TIMEOUT_MS = 20_000;
// Reads the source on stdin, so nothing is written; after -c every argument is the program's, never an option.
const COMPILE_PROGRAM = 'import sys\ncompile(sys.stdin.buffer.read(), sys.argv[1], "exec")';

type Compiled = { ok: true } | { ok: false; error: string } | { ok: 'unavailable'; error: string };

/**
 * Python's own compile() of the source (what py_compile runs), without writing a file: Remora's
 * interpreter, confined to the workspace like every program run on the model's output.
 */
export async function pythonCompiles(source: string, fileName: string, workspace: string | null): Promise<Compiled> {
  if (!workspace) return { ok: 'unavailable', error: 'there is no workspace to run Python in' };
  const run = await runConfined({ program: 'python', args: ['-I', '-c', COMPILE_PROGRAM, fileName], cwd: workspace, writable: [workspace], stdin: source, timeoutMs: COMPILE_TIMEOUT_MS });
  if (!run.ok) return { ok: 'unavailable', error: run.error };
  if (run.timedOut) return { ok: 'unavailable', error: `Python did not answer within ${COMPILE_TIMEOUT_MS / 1000} s` };
  if (run.exitCode === 0) return { ok: true };
  return { ok: false, error: run.stderr.trim().split('\n').slice(-1)[0] || `exit code ${run.exitCode}` };
}

/** Null when the source parses for tree-sitter and compiles for Python; else why not. */
export async function parseProblem(source: string, fileName: string, context: Pick<ToolContext, 'workspace'>): Promise<string | null> {
  const problems = await checkPythonSyntax(source);
  if (problems.length > 0) return `${fileName} does not parse: ${describeSyntaxProblems(problems)}`;
  const compiled = await pythonCompiles(source, fileName, context.workspace);
  // Without a Python interpreter, tree-sitter's parse is the whole check (the details say so).
  if (compiled.ok === false) return `${fileName} does not compile: ${compiled.error}`;
  return null;
}
