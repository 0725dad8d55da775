// run_linter: ruff on the target file (ruff's own fixes applied when check_only is false).
import { defineTool } from '../../../lib/tools/define-tool';
import { fixAll } from '../../../lib/python/lint-fix';
import { lintSource, summarizeIssues } from '../../../lib/python/ruff';
import { errorOutput, loadTargetSource, writeTargetSource } from '../../../lib/python/target';
import { MAX_LISTED_ISSUES, issueView, previousCount, ruffSettings } from './ruff-settings';

export default defineTool(import.meta.url, async (args, context) => {
  const checkOnly = args.check_only !== false;
  const settings = ruffSettings(context);
  if (!settings.ok) return errorOutput(settings.error);
  const loaded = await loadTargetSource(context, { writable: !checkOnly });
  if (!loaded.ok) return errorOutput(loaded.error);
  const target = loaded.value;

  let issues;
  let fixedNow = 0;
  if (checkOnly) {
    const lint = lintSource(target.source, settings.settings);
    if (!lint.ok) return errorOutput(lint.error);
    issues = lint.diagnostics;
  } else {
    const fixed = await fixAll(target.source, settings.settings);
    if (!fixed.ok) return errorOutput(fixed.error);
    if (fixed.source !== target.source) {
      const written = await writeTargetSource(target, fixed.source);
      if (!written.ok) return errorOutput(written.error);
    }
    issues = fixed.remaining;
    fixedNow = fixed.applied.length;
  }
  const counts = summarizeIssues(issues);
  const fixedTotal = previousCount(context, 'lint_fixes_applied') + fixedNow;
  const fixedText = checkOnly ? '' : `applied ${fixedNow} fix${fixedNow === 1 ? '' : 'es'}; `;
  const unsafeCodes = [
    ...new Set(issues.filter((issue) => issue.unsafe_fix && !issue.fixable).map((issue) => issue.code)),
  ].sort();
  const unsafeText =
    unsafeCodes.length > 0 ? `; ${counts.unsafe} only have unsafe fixes, not applied (${unsafeCodes.join(', ')})` : '';
  const left = `${counts.total} issue${counts.total === 1 ? '' : 's'} (${counts.fixable} fixable${unsafeText})`;
  return {
    outcome: counts.total === 0 ? 'success' : 'partial',
    result: {
      file: target.fileName,
      total: counts.total,
      fixable: counts.fixable,
      ...(checkOnly ? {} : { fixed: fixedNow }),
      unsafe_fixes_not_applied: unsafeCodes,
      issues: issues.slice(0, MAX_LISTED_ISSUES).map(issueView),
    },
    summary:
      counts.total === 0
        ? `${fixedText}no lint issues left in ${target.fileName}; call submit_result`
        : `${fixedText}${left}; fix the fixable ones with apply_fix(issue_code, line_number)`,
    knowledge_delta: {
      lint_errors_remaining: counts.total,
      lint_errors_fixable: counts.fixable,
      lint_error_codes: counts.codes,
      lint_fixes_applied: fixedTotal,
      lint_unsafe_fixes_not_applied: unsafeCodes,
    },
  };
});
