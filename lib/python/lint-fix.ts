// Applying ruff's fixes: one issue by code and line (apply_fix), or every fixable issue (run_linter with check_only
// false).
// A fix that would leave the file unparseable is never kept.
import { applyEdits, lintSource, type LintDiagnostic } from './ruff';
import { checkPythonSyntax, describeSyntaxProblems } from './parser';

type AppliedFix = { code: string; line: number; message: string | null };

export type FixOutcome =
  | { ok: true; source: string; applied: AppliedFix[]; remaining: LintDiagnostic[] }
  | { ok: false; error: string; remaining?: LintDiagnostic[] };

const MAX_PASSES = 10;

function keyOf(point: { row: number; column: number }): number {
  return point.row * 1_000_000 + point.column;
}

/** True when two fixes touch overlapping (or adjacent) ranges, so that applying both at once is unsafe. */
function conflict(left: LintDiagnostic, right: LintDiagnostic): boolean {
  return left.edits.some((a) =>
    right.edits.some((b) => keyOf(a.start) <= keyOf(b.end) && keyOf(b.start) <= keyOf(a.end)),
  );
}

async function parses(source: string, original: string): Promise<string | null> {
  const problems = await checkPythonSyntax(source);
  if (problems.length === 0) return null;
  // A file that did not parse before cannot be held to parsing after.
  if ((await checkPythonSyntax(original)).length > 0) return null;
  return describeSyntaxProblems(problems);
}

/**
 * Applies ruff's fix for the issue with `code` that starts on `line`. Several issues of that code on
 * that line (`import os, sys`) are fixed together; fixes that overlap (ruff often gives each of them
 * the same edit of the whole statement) are applied once.
 */
export async function fixIssue(
  source: string,
  settings: Record<string, unknown>,
  code: string,
  line: number,
): Promise<FixOutcome> {
  const wanted = code.trim().toUpperCase();
  const lint = lintSource(source, settings);
  if (!lint.ok) return { ok: false, error: lint.error };
  const matching = lint.diagnostics.filter(
    (diagnostic) => diagnostic.code.toUpperCase() === wanted && diagnostic.line === line,
  );
  const chosen: LintDiagnostic[] = [];
  for (const diagnostic of matching) {
    if (diagnostic.fixable && !chosen.some((other) => conflict(other, diagnostic))) chosen.push(diagnostic);
  }
  if (chosen.length === 0)
    return {
      ok: false,
      error: describeMissing(lint.diagnostics, wanted, line, matching.length > 0),
      remaining: lint.diagnostics,
    };
  const next = applyEdits(
    source,
    chosen.flatMap((diagnostic) => diagnostic.edits),
  );
  const broken = await parses(next, source);
  if (broken)
    return {
      ok: false,
      error:
        `ruff's fix for ${wanted} on line ${line} would leave the file unparseable (${broken}); ` +
        'the file was not changed',
      remaining: lint.diagnostics,
    };
  const after = lintSource(next, settings);
  if (!after.ok) return { ok: false, error: after.error };
  const applied = matching
    .filter((diagnostic) => diagnostic.fixable)
    .map((diagnostic) => ({ code: diagnostic.code, line: diagnostic.line, message: diagnostic.fix_message }));
  return { ok: true, source: next, applied, remaining: after.diagnostics };
}

function describeMissing(
  diagnostics: LintDiagnostic[],
  code: string,
  line: number,
  presentButUnfixable: boolean,
): string {
  if (presentButUnfixable) {
    const unsafe = diagnostics.some(
      (diagnostic) => diagnostic.code.toUpperCase() === code && diagnostic.line === line && diagnostic.unsafe_fix,
    );
    if (unsafe)
      return (
        `ruff's fix for ${code} on line ${line} is unsafe (it may change what the code does) ` +
        'and is not applied unless unsafe fixes are allowed; leave it and report it as remaining'
      );
    return `${code} on line ${line} has no automatic fix; ruff cannot fix it, so leave it and report it as remaining`;
  }
  const sameCode = diagnostics
    .filter((diagnostic) => diagnostic.code.toUpperCase() === code)
    .map((diagnostic) => diagnostic.line);
  const sameLine = diagnostics.filter((diagnostic) => diagnostic.line === line).map((diagnostic) => diagnostic.code);
  const hints: string[] = [];
  if (sameCode.length > 0)
    hints.push(`${code} is reported on line${sameCode.length > 1 ? 's' : ''} ${[...new Set(sameCode)].join(', ')}`);
  if (sameLine.length > 0) hints.push(`line ${line} has ${[...new Set(sameLine)].join(', ')}`);
  if (diagnostics.length === 0) hints.push('the file has no lint issues left');
  const found = hints.length > 0 ? `: ${hints.join('; ')}` : '';
  return `no ${code} issue on line ${line}${found}. Call run_linter to see the current issues`;
}

/** Applies every fix ruff offers, pass after pass, skipping fixes that conflict within a pass. */
export async function fixAll(source: string, settings: Record<string, unknown>): Promise<FixOutcome> {
  let current = source;
  const applied: AppliedFix[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const lint = lintSource(current, settings);
    if (!lint.ok) return { ok: false, error: lint.error };
    const chosen: LintDiagnostic[] = [];
    for (const diagnostic of lint.diagnostics) {
      if (diagnostic.fixable && !chosen.some((other) => conflict(other, diagnostic))) chosen.push(diagnostic);
    }
    if (chosen.length === 0) return { ok: true, source: current, applied, remaining: lint.diagnostics };
    const next = applyEdits(
      current,
      chosen.flatMap((diagnostic) => diagnostic.edits),
    );
    const broken = await parses(next, source);
    if (broken) {
      // Keep what earlier passes achieved rather than nothing.
      return { ok: true, source: current, applied, remaining: lint.diagnostics };
    }
    applied.push(
      ...chosen.map((diagnostic) => ({
        code: diagnostic.code,
        line: diagnostic.line,
        message: diagnostic.fix_message,
      })),
    );
    current = next;
  }
  const lint = lintSource(current, settings);
  return lint.ok
    ? { ok: true, source: current, applied, remaining: lint.diagnostics }
    : { ok: false, error: lint.error };
}
