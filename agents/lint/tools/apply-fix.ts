// apply_fix: applies ruff's own fix for the issue with this code on this line; the file must still parse.
import { defineTool } from '../../../lib/tools/define-tool';
import { fixIssue } from '../../../lib/python/lint-fix';
import { summarizeIssues } from '../../../lib/python/ruff';
import { errorOutput, loadTargetSource, writeTargetSource } from '../../../lib/python/target';
import { MAX_LISTED_ISSUES, issueView, previousCount, ruffSettings } from './ruff-settings';

export default defineTool(import.meta.url, async (args, context) => {
  const code = typeof args.issue_code === 'string' ? args.issue_code.trim() : '';
  const line = typeof args.line_number === 'number' ? args.line_number : Number.NaN;
  if (!/^[A-Za-z]+[0-9]+$/.test(code))
    return errorOutput(`issue_code must be a ruff rule code such as "F401", not ${JSON.stringify(args.issue_code)}`);
  if (!Number.isInteger(line) || line < 1)
    return errorOutput(`line_number must be a line number (1 or more), not ${JSON.stringify(args.line_number)}`);
  const settings = ruffSettings(context);
  if (!settings.ok) return errorOutput(settings.error);
  const loaded = await loadTargetSource(context, { writable: true });
  if (!loaded.ok) return errorOutput(loaded.error);
  const target = loaded.value;

  const outcome = await fixIssue(target.source, settings.settings, code, line);
  if (!outcome.ok) {
    const remaining = outcome.remaining ? summarizeIssues(outcome.remaining) : null;
    return errorOutput(
      outcome.error,
      remaining
        ? {
            lint_errors_remaining: remaining.total,
            lint_errors_fixable: remaining.fixable,
            lint_error_codes: remaining.codes,
          }
        : undefined,
    );
  }
  const written = await writeTargetSource(target, outcome.source);
  if (!written.ok) return errorOutput(written.error);
  const counts = summarizeIssues(outcome.remaining);
  const previouslyFixed = Array.isArray(context.knowledge.lint_fixed_issues)
    ? (context.knowledge.lint_fixed_issues as unknown[])
    : [];
  return {
    outcome: 'success',
    result: {
      fixed: outcome.applied,
      remaining_total: counts.total,
      remaining_fixable: counts.fixable,
      remaining_issues: outcome.remaining.slice(0, MAX_LISTED_ISSUES).map(issueView),
    },
    summary:
      `fixed ${code.toUpperCase()} on line ${line}; ${counts.total} issue${counts.total === 1 ? '' : 's'} left ` +
      `(${counts.fixable} fixable). Line numbers may have moved: use the remaining issues' lines`,
    knowledge_delta: {
      lint_errors_remaining: counts.total,
      lint_errors_fixable: counts.fixable,
      lint_error_codes: counts.codes,
      lint_fixes_applied: previousCount(context, 'lint_fixes_applied') + outcome.applied.length,
      lint_fixed_issues: [...previouslyFixed, ...outcome.applied.map((fix) => `${fix.code}@${fix.line}`)],
    },
  };
});
