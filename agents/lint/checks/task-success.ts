// The lint agent's task success: the file still parses, and ruff (with the agent's settings) reports
// fewer issues than in the original file (none left, when the original had none).
import { defineTool } from '../../../lib/tools/define-tool';
import { lintSource } from '../../../lib/python/ruff';
import { errorOutput, loadTargetSource } from '../../../lib/python/target';
import { judged, parseProblem } from '../../../lib/task-success/script-output';
import { ruffSettings } from '../tools/ruff-settings';

export default defineTool(import.meta.url, async (args, context) => {
  if (!context.workspace) return errorOutput("the lint check needs the conversation's workspace");
  if (typeof args.original !== 'string') return errorOutput('the lint check needs the original file to compare with');
  const settings = ruffSettings(context);
  if (!settings.ok) return errorOutput(settings.error);
  const loaded = await loadTargetSource(context, { writable: false });
  if (!loaded.ok) return errorOutput(loaded.error);
  const { source } = loaded.value;

  const before = lintSource(args.original, settings.settings);
  const after = lintSource(source, settings.settings);
  if (!before.ok) return errorOutput(before.error);
  if (!after.ok) return errorOutput(after.error);
  const details = { issues_before: before.diagnostics.length, issues_after: after.diagnostics.length };
  const problem = await parseProblem(loaded.value, context);
  if (problem) return judged(false, problem, details);
  if (details.issues_before === 0) {
    return judged(
      details.issues_after === 0,
      details.issues_after === 0
        ? 'the file had no lint issue and still has none'
        : `the file had no lint issue and now has ${details.issues_after}`,
      details,
    );
  }
  if (details.issues_after < details.issues_before)
    return judged(true, `ruff reports ${details.issues_after} issue(s), down from ${details.issues_before}`, details);
  return judged(
    false,
    `ruff still reports ${details.issues_after} issue(s) (${details.issues_before} before)`,
    details,
  );
});
