// Helpers for task-success check scripts (agents/*/checks/task-success.ts): they run like tools and
// print their verdict as the tool result `{success, reason, details}`.
import type { ToolContext } from '../tools/protocol';
import { checkPythonSyntax, describeSyntaxProblems } from '../python/parser';
import { runConfined } from '../tools/sandbox/run-confined';
import { compileArguments } from '../python/compile-program';

export { judged } from './judged';

const COMPILE_TIMEOUT_MS = 20_000;

type Compiled = { ok: true } | { ok: false; error: string } | { ok: 'unavailable'; error: string };

/** What is compiled: the target file in the workspace (its bytes as stored), or text without a file. */
export type CompiledSource = { source: string; fileName: string; file: string | null };

/**
 * Python's own compile() of the source (what py_compile runs), without writing a file: Remora's
 * interpreter, confined to the workspace like every program run on the model's output. A file is
 * compiled from its bytes, never from the decoded text re-encoded as UTF-8 (a latin-1 file
 * declaring its encoding would then be read as mojibake and misjudged).
 */
async function pythonCompiles(target: CompiledSource, workspace: string | null): Promise<Compiled> {
  if (!workspace) return { ok: 'unavailable', error: 'there is no workspace to run Python in' };
  const run = await runConfined({
    program: 'python',
    args: compileArguments(target.fileName, target.file),
    cwd: workspace,
    writable: [workspace],
    stdin: target.file ? '' : target.source,
    timeoutMs: COMPILE_TIMEOUT_MS,
  });
  if (!run.ok) return { ok: 'unavailable', error: run.error };
  if (run.timedOut) return { ok: 'unavailable', error: `Python did not answer within ${COMPILE_TIMEOUT_MS / 1000} s` };
  if (run.exitCode === 0) return { ok: true };
  return { ok: false, error: run.stderr.trim().split('\n').slice(-1)[0] || `exit code ${run.exitCode}` };
}

/** Null when the source parses for tree-sitter and compiles for Python; else why not. */
export async function parseProblem(
  target: CompiledSource,
  context: Pick<ToolContext, 'workspace'>,
): Promise<string | null> {
  const problems = await checkPythonSyntax(target.source);
  if (problems.length > 0) return `${target.fileName} does not parse: ${describeSyntaxProblems(problems)}`;
  const compiled = await pythonCompiles(target, context.workspace);
  // Without a Python interpreter, tree-sitter's parse is the whole check (the details say so).
  if (compiled.ok === false) return `${target.fileName} does not compile: ${compiled.error}`;
  return null;
}
