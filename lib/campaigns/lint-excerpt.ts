// What the lint agent is sent for a module too large for the context (issue 27, item 2): ruff's
// issue list and the lines around each issue, not the file. ruff runs on the file in the workspace
// (run_linter), so the model never needs the whole module; the biggest files, which most need
// linting, were skipped before.
import { lintSource } from '../python/ruff';

/** Issues listed at most; the rest are counted (run_linter lists them all). */
const MAX_ISSUES = 100;
/** Lines shown before and after each issue's lines. */
const AROUND = 2;

/** The issue list with the numbered lines around each issue, or null when ruff cannot read the text. */
function lintExcerpt(text: string, settings: Record<string, unknown>): string | null {
  const lint = lintSource(text, settings);
  if (!lint.ok) return null;
  const lines = text.split('\n');
  const issues = lint.diagnostics.slice(0, MAX_ISSUES);
  const parts = [
    `# The module has ${lines.length} lines, too many to send whole; ruff reports ${lint.diagnostics.length} ` +
      'issue(s) in it. Below: each issue and the lines around it. run_linter works on the whole file.',
  ];
  let shownUpTo = 0;
  for (const issue of issues) {
    parts.push(`# line ${issue.line}: ${issue.code} ${issue.message}${issue.fixable ? ' (fixable)' : ''}`);
    const first = Math.max(1, issue.line - AROUND, shownUpTo + 1);
    const last = Math.min(lines.length, issue.end_line + AROUND);
    for (let line = first; line <= last; line += 1) parts.push(`${String(line).padStart(6)} | ${lines[line - 1]}`);
    shownUpTo = Math.max(shownUpTo, last);
  }
  if (lint.diagnostics.length > issues.length)
    parts.push(`# ... and ${lint.diagnostics.length - issues.length} more issue(s): run_linter lists them all`);
  return parts.join('\n');
}

/** The excerpt function for an agent that gets one (the lint agent, with its ruff settings), else undefined. */
export function moduleExcerptFor(agent: {
  name: string;
  settings: Record<string, unknown>;
}): ((text: string) => string | null) | undefined {
  if (agent.name !== 'lint') return undefined;
  const settings = (agent.settings.ruff ?? {}) as Record<string, unknown>;
  return (text) => lintExcerpt(text, settings);
}
