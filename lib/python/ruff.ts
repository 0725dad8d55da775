// ruff, run inside Node (WebAssembly): diagnostics with ruff's own fixes. One ruff instance per
// process and one configured ruff Workspace per configuration, created on first use.
import { createRequire } from 'node:module';
import type { Diagnostic, Workspace } from '@astral-sh/ruff-wasm-nodejs';
import { errorMessage } from '../errors';
import { fixIsSafe, unsafeFixesAllowed } from './fix-safety';
import { useBaselineWasmCompiler } from './wasm-baseline';

type RuffModule = typeof import('@astral-sh/ruff-wasm-nodejs');

let ruffModule: RuffModule | null = null;
const workspaces = new Map<string, Workspace>();

const RUFF_PACKAGE = '@astral-sh/ruff-wasm-nodejs';

function loadRuff(): RuffModule {
  if (!ruffModule) {
    useBaselineWasmCompiler();
    ruffModule = createRequire(import.meta.url)(RUFF_PACKAGE) as RuffModule;
  }
  return ruffModule;
}

/** After a panic the WebAssembly instance cannot be trusted: the next call loads a fresh one. */
function resetRuff() {
  workspaces.clear();
  ruffModule = null;
  const require = createRequire(import.meta.url);
  delete require.cache[require.resolve(RUFF_PACKAGE)];
}

export type LintIssue = {
  code: string;
  message: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  /** ruff offers a fix that this run may apply: a safe one, or an unsafe one after opting in. */
  fixable: boolean;
  /** ruff offers a fix that may change behaviour (not applied unless `unsafe-fixes` is set). */
  unsafe_fix: boolean;
  fix_message: string | null;
};

export type TextEdit = {
  content: string;
  start: { row: number; column: number };
  end: { row: number; column: number };
};

export type LintDiagnostic = LintIssue & { edits: TextEdit[] };

export type LintResult = { ok: true; diagnostics: LintDiagnostic[] } | { ok: false; error: string };

function workspaceFor(settings: Record<string, unknown>): Workspace {
  const key = JSON.stringify(settings);
  let workspace = workspaces.get(key);
  if (!workspace) {
    const ruff = loadRuff();
    // UTF-16 columns are JavaScript string offsets, so ruff's edits apply to a string directly.
    workspace = new ruff.Workspace(settings, ruff.PositionEncoding.Utf16);
    workspaces.set(key, workspace);
  }
  return workspace;
}

function toDiagnostic(diagnostic: Diagnostic, allowUnsafe: boolean): LintDiagnostic {
  const edits = (diagnostic.fix?.edits ?? []).map((edit) => ({
    content: edit.content ?? '',
    start: edit.location,
    end: edit.end_location,
  }));
  const code = diagnostic.code ?? 'unknown';
  const unsafe = edits.length > 0 && !fixIsSafe(code);
  return {
    code,
    message: diagnostic.message,
    line: diagnostic.start_location.row,
    column: diagnostic.start_location.column,
    end_line: diagnostic.end_location.row,
    end_column: diagnostic.end_location.column,
    fixable: edits.length > 0 && (allowUnsafe || !unsafe),
    unsafe_fix: unsafe,
    fix_message: diagnostic.fix?.message ?? null,
    edits,
  };
}

/**
 * Lints a source with a ruff configuration (ruff's settings as in pyproject's [tool.ruff], e.g.
 * `{"line-length": 100, "lint": {"select": ["E", "F"]}}`). A bad configuration is an error value.
 */
export function lintSource(source: string, settings: Record<string, unknown> = {}): LintResult {
  let workspace: Workspace;
  try {
    workspace = workspaceFor(settings);
  } catch (error) {
    return { ok: false, error: `the ruff configuration is not valid: ${errorMessage(error).split('\n')[0]}` };
  }
  try {
    const diagnostics = workspace.check(source) as Diagnostic[];
    const allowUnsafe = unsafeFixesAllowed(settings);
    return {
      ok: true,
      diagnostics: diagnostics
        .map((diagnostic) => toDiagnostic(diagnostic, allowUnsafe))
        .sort((left, right) => left.line - right.line || left.column - right.column),
    };
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) resetRuff();
    return { ok: false, error: `ruff failed on this file: ${errorMessage(error).split('\n')[0]}` };
  }
}

/** Character offset of each line's start; ruff counts lines split by \n, \r\n or \r. */
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let index = 0; index < source.length; index++) {
    const character = source[index];
    if (character === '\n' || (character === '\r' && source[index + 1] !== '\n')) starts.push(index + 1);
  }
  return starts;
}

function offsetOf(starts: number[], source: string, position: { row: number; column: number }): number {
  if (position.row - 1 >= starts.length) return source.length;
  return Math.min(source.length, starts[position.row - 1] + position.column - 1);
}

/** Applies non-overlapping edits (ruff's fix for one diagnostic) to the source. */
export function applyEdits(source: string, edits: TextEdit[]): string {
  const starts = lineStarts(source);
  const ranges = edits
    .map((edit) => ({
      start: offsetOf(starts, source, edit.start),
      end: offsetOf(starts, source, edit.end),
      content: edit.content,
    }))
    .sort((left, right) => right.start - left.start);
  let result = source;
  for (const range of ranges) result = result.slice(0, range.start) + range.content + result.slice(range.end);
  return result;
}

/** Counts for a model and for knowledge: issues, fixable issues, distinct codes. */
export function summarizeIssues(diagnostics: LintIssue[]): {
  total: number;
  fixable: number;
  unsafe: number;
  codes: string[];
} {
  return {
    total: diagnostics.length,
    fixable: diagnostics.filter((diagnostic) => diagnostic.fixable).length,
    unsafe: diagnostics.filter((diagnostic) => diagnostic.unsafe_fix && !diagnostic.fixable).length,
    codes: [...new Set(diagnostics.map((diagnostic) => diagnostic.code))].sort(),
  };
}
