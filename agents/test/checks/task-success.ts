// The test agent's task success: the conversation wrote a test file (write_test_file), and pytest
// runs it in the workspace with at least one test and no failure or error.
import { defineTool } from '../../../lib/tools/define-tool';
import { resolveInsideWorkspace } from '../../../lib/tools/workspace';
import { runPytest } from '../../../lib/python/pytest';
import { errorOutput } from '../../../lib/python/target';
import { judged } from '../../../lib/task-success/script-output';

export default defineTool(import.meta.url, async (_args, context) => {
  if (!context.workspace) return errorOutput("the test check needs the conversation's workspace");
  const written = context.knowledge.test_file_path;
  if (typeof written !== 'string' || written === '') return judged(false, 'no test file was written');
  const resolved = resolveInsideWorkspace(context, written);
  if (!resolved.ok) return judged(false, resolved.error);
  const timeoutMs =
    typeof context.settings.pytest_timeout_ms === 'number' ? context.settings.pytest_timeout_ms : 45_000;
  const run = await runPytest({ folder: context.workspace, targets: [resolved.relative], timeoutMs });
  if (!run.ok) return judged(false, `the tests could not run: ${run.error}`, { test_file: resolved.relative });
  const { passed, failed, errors, total } = run.report;
  const details = { test_file: resolved.relative, passed, failed, errors, total };
  if (total === 0) return judged(false, `${resolved.relative} holds no test pytest collects`, details);
  if (failed > 0 || errors > 0)
    return judged(false, `${failed} failed and ${errors} errors of ${total} tests in ${resolved.relative}`, details);
  return judged(true, `all ${total} tests in ${resolved.relative} pass`, details);
});
