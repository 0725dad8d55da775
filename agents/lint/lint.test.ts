import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPatch } from 'diff';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../../lib/agents/load';
import { openTemporaryDatabase } from '../../lib/db/testing/temporary-database';
import { getConversationRecord, listConversations } from '../../lib/db/queries/conversations';
import { createStoredExperiment, experimentSummary, runStoredExperiment } from '../../lib/experiments/service';
import { ExperimentConfig } from '../../lib/experiment-config/experiment-config';
import { checkPythonSyntax } from '../../lib/python/parser';
import { lintSource } from '../../lib/python/ruff';
import { PROJECT_ROOT, lastToolResult, runAgentConversation } from '../../lib/python/testing/agent-conversation';
import { startScriptedServer, toolCallMessage } from '../../lib/python/testing/scripted-server';
import { structuredCall, assertScriptsComplete } from '../../lib/testing/scripted-model';
import { ToolWorkerPool } from '../../lib/tools/worker-pool';

// Every scripted turn must be asked for: a conversation that ended early fails its test.
afterEach(assertScriptsComplete);

const folder = fileURLToPath(new URL('.', import.meta.url));
const pool = new ToolWorkerPool({ size: 2 });
afterAll(() => pool.close());

type Issue = { code: string; line: number; fixable: boolean };

async function inventoryInput() {
  const agent = await loadAgent(folder);
  const input = agent.inputs.find((candidate) => candidate.node_name === 'inventory');
  if (!input?.file_path) throw new Error('the lint agent has no inventory input');
  return { agent, input, original: await readFile(path.join(PROJECT_ROOT, input.file_path)) };
}

// Real tools in workers, then the task-success check: slow on a loaded machine, so a generous limit.
describe('the lint agent end to end', { timeout: 120_000 }, () => {
  it('lints, fixes an unused import, refuses paths outside the workspace, fixes the rest and submits', async () => {
    const { agent, input, original } = await inventoryInput();
    const settings = agent.definition.settings?.ruff as Record<string, unknown>;
    const { record, changes } = await runAgentConversation({
      agentFolder: folder,
      input,
      tools: pool,
      turns: [
        structuredCall('run_linter', { check_only: true }),
        (request) => {
          const issues = (lastToolResult(request).result as { issues: Issue[] }).issues;
          const unused = issues.find((issue) => issue.code === 'F401');
          if (!unused) throw new Error('run_linter reported no F401');
          return structuredCall('apply_fix', { issue_code: 'F401', line_number: unused.line });
        },
        structuredCall('read_current_file', { path: '../outside.py' }),
        structuredCall('read_current_file', { path: '/etc/passwd' }),
        structuredCall('read_current_file', {}),
        structuredCall('run_linter', { check_only: false }),
        (request) => {
          const result = lastToolResult(request).result as { total: number };
          return structuredCall('submit_result', {
            summary: 'fixed the fixable issues',
            issues_fixed: 9,
            issues_remaining: result.total,
            changed_files: [input.file_path],
          });
        },
      ],
    });

    expect(record.outcome).toBe('submitted');
    expect(record.toolExecutions.map((execution) => [execution.toolName, execution.outcome])).toEqual([
      ['run_linter', 'partial'],
      ['apply_fix', 'success'],
      ['read_current_file', 'error'],
      ['read_current_file', 'error'],
      ['read_current_file', 'success'],
      // What is left has only unsafe fixes (Optional[...] to X | None, == None), not applied by default.
      ['run_linter', 'partial'],
      ['submit_result', 'success'],
    ]);
    expect(record.toolExecutions[2].error).toContain('outside the workspace');
    expect(record.toolExecutions[3].error).toContain('outside the workspace');
    // The fix happened in the workspace: the file read after it has lost the import.
    expect((record.toolExecutions[4].result as { content: string }).content).not.toContain('import os\n');

    // Knowledge accumulated across the tools: what is left is what ruff cannot fix.
    expect(record.knowledge).toMatchObject({ lint_errors_fixable: 0, lint_fixed_issues: ['F401@2'] });
    expect(record.knowledge.lint_fixes_applied).toBeGreaterThan(5);

    // The original is untouched; the diff turns it into a file that parses and has no fixable issue left.
    expect(await readFile(path.join(PROJECT_ROOT, input.file_path as string))).toEqual(original);
    expect(changes.changedFiles).toEqual(['agents/lint/samples/inventory.py']);
    const patched = applyPatch(original.toString('utf8'), changes.diff ?? '');
    if (patched === false) throw new Error('the workspace diff does not apply to the original');
    expect(patched).not.toContain('import os');
    // E711's fix (== None to is None) is unsafe: it stays, reported as such.
    expect(patched).toContain('if item == None:');
    expect(record.knowledge.lint_unsafe_fixes_not_applied).toEqual(['E711', 'UP045']);
    expect(await checkPythonSyntax(patched)).toEqual([]);
    const after = lintSource(patched, settings);
    if (!after.ok) throw new Error(after.error);
    expect(after.diagnostics.filter((diagnostic) => diagnostic.fixable)).toEqual([]);
    expect(record.knowledge.lint_errors_remaining).toBe(after.diagnostics.length);
  });

  it('gives clear errors for an issue that is not there and for a wrong code', async () => {
    const { input } = await inventoryInput();
    const { record, changes } = await runAgentConversation({
      agentFolder: folder,
      input,
      tools: pool,
      turns: [
        structuredCall('apply_fix', { issue_code: 'F401', line_number: 40 }),
        structuredCall('apply_fix', { issue_code: 'not a code', line_number: 1 }),
        structuredCall('submit_result', { summary: 'nothing fixed' }),
      ],
    });
    expect(record.outcome).toBe('submitted');
    expect(record.toolExecutions[0]).toMatchObject({ outcome: 'error' });
    expect(record.toolExecutions[0].error).toContain('no F401 issue on line 40: F401 is reported on lines 2, 3');
    expect(record.toolExecutions[1].error).toContain('issue_code must be a ruff rule code');
    expect(changes).toEqual({ diff: null, changedFiles: [] });
  });
});

// Real tools in workers, then the task-success check: slow on a loaded machine, so a generous limit.
describe('the lint agent through the experiment service', { timeout: 120_000 }, () => {
  it('stores the workspace diff and changed files with the transcript', async () => {
    const { agent, input, original } = await inventoryInput();
    const server = await startScriptedServer((request) => {
      const turn = request.messages.filter((message) => message.role === 'assistant').length;
      return turn === 0
        ? toolCallMessage('run_linter', { check_only: false })
        : toolCallMessage('submit_result', { summary: 'applied ruff fixes' });
    });
    const temporary = openTemporaryDatabase();
    try {
      const config = ExperimentConfig.parse({
        agent: 'lint',
        variants: [{ name: 'baseline' }],
        endpoint: { baseUrl: server.baseUrl, model: 'functiongemma' },
        inputs: [input],
        requestsPerVariant: 2,
        concurrency: 2,
      });
      const runtime = agent.toRuntime();
      const experiment = createStoredExperiment(temporary.database, config, runtime);
      // No workspace provider given: the service picks one because the agent declares settings.workspace.
      const result = await runStoredExperiment(temporary.database, experiment.id, { tools: pool }).done;
      expect(result).toMatchObject({ status: 'completed', ran: 2 });
      const { conversations } = listConversations(temporary.database, experiment.id);
      expect(conversations).toHaveLength(2);
      for (const conversation of conversations) {
        expect(conversation.outcome).toBe('submitted');
        expect(conversation.changedFiles).toEqual(['agents/lint/samples/inventory.py']);
        // Judged in the workspace before it was removed, and stored with the conversation.
        expect(conversation.taskSuccess).toBe(true);
        const stored = getConversationRecord(temporary.database, conversation.id);
        expect(stored?.meta.workspaceDiff).toContain('--- a/agents/lint/samples/inventory.py');
        expect(stored?.meta.workspaceDiff).toContain('-import os');
        expect(stored?.record.knowledge).toMatchObject({ lint_errors_fixable: 0 });
      }
      expect(await readFile(path.join(PROJECT_ROOT, input.file_path as string))).toEqual(original);
      const summary = experimentSummary(temporary.database, experiment.id);
      expect(summary.variants[0].taskSuccessRate).toMatchObject({ successes: 2, trials: 2 });
    } finally {
      temporary.dispose();
      await server.close();
    }
  });
});
