import path from 'node:path';
import { decodePython } from '../python/encoding';
import { compileArguments } from '../python/compile-program';
import { checkPythonSyntax, describeSyntaxProblems } from '../python/parser';
import { runPytest } from '../python/pytest';
import { runConfined } from '../tools/sandbox/run-confined';
import { lintSource } from '../python/ruff';
import { isTestFileName, readTestFile } from '../python/test-files';
import type { FileEdit } from './edits';
import { preservedCheck, type PreservedCheck } from './preserve';
import type { TaskCheck } from '../task-success/types';

type ParseCheck = { passed: boolean; files: { path: string; problem: string | null }[] };
type LintCheck = { passed: boolean; before: number; after: number; unsafeNotApplied: number };
type TestsCheck = {
  passed: boolean;
  files: string[];
  written: number;
  passedTests: number;
  failed: number;
  errors: number;
  error?: string;
};
type NodeCheck = { passed: boolean; message: string };

/** The agent's own task-success check (lib/task-success), as stored with the conversation. */
type TaskCheckResult = { passed: boolean; message: string };

export type ChangeChecks = {
  parse?: ParseCheck;
  node?: NodeCheck;
  lint?: LintCheck;
  tests?: TestsCheck;
  task?: TaskCheckResult;
  /** Fails a change that removes or shrinks what was there (--all-passing leaves it out unless asked). */
  preserved?: PreservedCheck;
};

export type CheckInput = {
  workspace: string;
  agent: { name: string; settings: Record<string, unknown> };
  target: { path: string; kind: string; startLine: number; endLine: number };
  /** Every changed file's content now (null: deleted), and its content before (null: created). */
  files: { path: string; before: Buffer | null; after: Buffer | null }[];
  edits: FileEdit[];
  taskCheck?: TaskCheck | null;
};

async function pyCompile(workspace: string, relative: string): Promise<string | null> {
  // Remora's Python, confined to the workspace like every program run on the model's output. Its
  // compile() of the file, as py_compile does, but writing no byte code: py_compile's went to the
  // sandbox's empty /tmp (PYTHONPYCACHEPREFIX), where Python then also looked for the standard
  // library's, compiling py_compile's own imports from source at each check (0.3 s of CPU, not 0.05 s).
  const run = await runConfined({
    program: 'python',
    args: compileArguments(relative, path.join(workspace, ...relative.split('/'))),
    cwd: workspace,
    writable: [workspace],
    timeoutMs: 30_000,
  });
  if (!run.ok) return `could not run Python: ${run.error}`;
  if (run.timedOut) return 'Python did not compile the file in 30 s';
  return run.exitCode === 0 ? null : `${run.stdout}${run.stderr}`.trim().split('\n').slice(-3).join(' ');
}

async function parseCheck(input: CheckInput): Promise<ParseCheck | undefined> {
  const files: ParseCheck['files'] = [];
  for (const file of input.files) {
    if (!file.after || !file.path.endsWith('.py')) continue;
    const decoded = decodePython(file.after);
    let problem: string | null = decoded.ok ? null : decoded.error;
    if (decoded.ok) {
      const problems = await checkPythonSyntax(decoded.value.text);
      if (problems.length > 0) problem = `tree-sitter: ${describeSyntaxProblems(problems)}`;
    }
    problem ??= await pyCompile(input.workspace, file.path);
    files.push({ path: file.path, problem });
  }
  return files.length === 0 ? undefined : { passed: files.every((file) => file.problem === null), files };
}

/** A function, method or class node's change must stay inside that node's lines. */
function nodeCheck(input: CheckInput): NodeCheck | undefined {
  if (input.target.kind === 'module') return undefined;
  const own = input.edits.find((edit) => edit.path === input.target.path);
  const others = input.files
    .filter((file) => file.path !== input.target.path && file.before !== null)
    .map((file) => file.path);
  if (others.length > 0) return { passed: false, message: `the change also edits ${others.join(', ')}` };
  if (!own) return { passed: true, message: `${input.target.path} is unchanged` };
  const first = input.target.startLine - 1;
  const outside = own.hunks.filter((hunk) => hunk.start < first || hunk.end > input.target.endLine);
  if (outside.length === 0)
    return { passed: true, message: `only lines ${input.target.startLine}-${input.target.endLine} (the node) changed` };
  return {
    passed: false,
    message:
      `the change edits line ${outside[0].start + 1}, ` +
      `outside the node (lines ${input.target.startLine}-${input.target.endLine})`,
  };
}

function lintCheck(input: CheckInput): LintCheck | undefined {
  if (input.agent.name !== 'lint') return undefined;
  const file = input.files.find((candidate) => candidate.path === input.target.path);
  if (!file?.before || !file.after) return undefined;
  const settings = (input.agent.settings.ruff ?? {}) as Record<string, unknown>;
  const count = (data: Buffer) => {
    const decoded = decodePython(data);
    if (!decoded.ok) return null;
    const lint = lintSource(decoded.value.text, settings);
    return lint.ok ? lint.diagnostics : null;
  };
  const before = count(file.before);
  const after = count(file.after);
  if (!before || !after)
    return { passed: false, before: before?.length ?? -1, after: after?.length ?? -1, unsafeNotApplied: 0 };
  const unsafeNotApplied = after.filter((issue) => issue.unsafe_fix && !issue.fixable).length;
  return { passed: after.length < before.length, before: before.length, after: after.length, unsafeNotApplied };
}

async function testsCheck(input: CheckInput): Promise<TestsCheck | undefined> {
  if (input.agent.name !== 'test') return undefined;
  const written = input.files.filter((file) => file.after && isTestFileName(file.path));
  if (written.length === 0)
    return {
      passed: false,
      files: [],
      written: 0,
      passedTests: 0,
      failed: 0,
      errors: 0,
      error: 'no test file was written',
    };
  let count = 0;
  for (const file of written) count += (await readTestFile(file.after?.toString('utf8') ?? '', null)).tests.length;
  const run = await runPytest({
    folder: input.workspace,
    targets: written.map((file) => file.path),
    timeoutMs: 60_000,
  });
  const files = written.map((file) => file.path);
  if (!run.ok) return { passed: false, files, written: count, passedTests: 0, failed: 0, errors: 0, error: run.error };
  const { report } = run;
  return {
    passed: report.total > 0 && report.failed === 0 && report.errors === 0,
    files,
    written: count,
    passedTests: report.passed,
    failed: report.failed,
    errors: report.errors,
  };
}

export async function runChecks(input: CheckInput): Promise<{ checks: ChangeChecks; passed: boolean | null }> {
  const checks: ChangeChecks = {};
  const parse = await parseCheck(input);
  if (parse) checks.parse = parse;
  const node = nodeCheck(input);
  if (node) checks.node = node;
  const lint = lintCheck(input);
  if (lint) checks.lint = lint;
  const tests = await testsCheck(input);
  if (tests) checks.tests = tests;
  checks.preserved = await preservedCheck(input);
  if (input.taskCheck) checks.task = { passed: input.taskCheck.success, message: input.taskCheck.reason };
  const results = Object.values(checks).map((check) => check.passed);
  return { checks, passed: results.length === 0 ? null : results.every(Boolean) };
}
