// run_tests: pytest on the workspace's test file (python3 -m pytest, JUnit XML), counts and first failures.
import { defineTool } from '../../../lib/tools/define-tool';
import { resolveInsideWorkspace } from '../../../lib/tools/workspace';
import { runPytest } from '../../../lib/python/pytest';
import { errorOutput } from '../../../lib/python/target';

export default defineTool(import.meta.url, async (args, context) => {
  if (!context.workspace) return errorOutput('the conversation has no workspace to run tests in');
  const given = typeof args.path === 'string' && args.path.trim() !== '' ? args.path : null;
  const remembered = typeof context.knowledge.test_file_path === 'string' ? context.knowledge.test_file_path : null;
  const chosen = given ?? remembered;
  const targets: string[] = [];
  if (chosen) {
    const resolved = resolveInsideWorkspace(context, chosen);
    if (!resolved.ok) return errorOutput(resolved.error);
    targets.push(resolved.relative);
  }
  const timeoutMs =
    typeof context.settings.pytest_timeout_ms === 'number' ? context.settings.pytest_timeout_ms : 45_000;
  const run = await runPytest({ folder: context.workspace, targets, timeoutMs });
  if (!run.ok) return errorOutput(run.error);
  const { report } = run;
  const allPassing = report.total > 0 && report.failed === 0 && report.errors === 0;
  const skipped = report.skipped > 0 ? `, ${report.skipped} skipped` : '';
  const next = allPassing ? '; call submit_result' : '; fix the failing tests with write_test_file';
  const summary =
    report.total === 0
      ? 'pytest collected no tests: write test_ functions with write_test_file first'
      : `${report.passed} passed, ${report.failed} failed, ${report.errors} errors${skipped}${next}`;
  return {
    outcome: allPassing ? 'success' : 'partial',
    result: { ...report, ran: targets[0] ?? 'all tests in the workspace' },
    summary,
    knowledge_delta: {
      tests_passed: report.passed,
      tests_failed: report.failed,
      tests_errors: report.errors,
      tests_total: report.total,
      all_passing: allPassing,
    },
  };
});
