import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../../lib/agents/load';
import { PROJECT_ROOT, lastToolResult, runAgentConversation } from '../../lib/python/testing/agent-conversation';
import { structuredCall, assertScriptsComplete } from '../../lib/testing/scripted-model';
import { ToolWorkerPool } from '../../lib/tools/worker-pool';

const folder = fileURLToPath(new URL('.', import.meta.url));
const pool = new ToolWorkerPool({ size: 2 });
afterAll(() => pool.close());

const failing = `from decimal import Decimal

import pytest

from pricing import apply_discount


def test_ten_percent_off():
    assert apply_discount(Decimal("20.00"), 10) == Decimal("18.00")


def test_no_discount():
    assert apply_discount(Decimal("9.99"), 0) == Decimal("9.99")


def test_full_discount():
    assert apply_discount(Decimal("5.00"), 100) == Decimal("1.00")
`;

// Every scripted turn must be asked for: a conversation that ended early fails its test.
afterEach(assertScriptsComplete);

const passing =
  failing.replace('Decimal("1.00")', 'Decimal("0.00")') +
  `

def test_rejects_out_of_range():
    with pytest.raises(ValueError):
        apply_discount(Decimal("5.00"), 101)
`;

// Real tools in workers, then the task-success check: slow on a loaded machine, so a generous limit.
describe('the test agent end to end', { timeout: 120_000 }, () => {
  it('analyzes, reads existing tests, writes and runs tests until they pass, and submits', async () => {
    const agent = await loadAgent(folder);
    const input = agent.inputs.find((candidate) => candidate.node_name === 'apply_discount');
    if (!input?.file_path) throw new Error('no apply_discount input');
    const original = await readFile(path.join(PROJECT_ROOT, input.file_path));
    const { record, changes } = await runAgentConversation({
      agentFolder: folder,
      input,
      tools: pool,
      turns: [
        structuredCall('analyze_signature', {}),
        structuredCall('read_existing_tests', {}),
        structuredCall('write_test_file', { content: failing }),
        structuredCall('run_tests', {}),
        (request) => {
          const run = lastToolResult(request).result as { failures: { test: string }[] };
          expect(run.failures.map((failure) => failure.test)).toEqual(['test_pricing::test_full_discount']);
          return structuredCall('write_test_file', { content: passing });
        },
        structuredCall('run_tests', {}),
        structuredCall('write_test_file', { content: passing, path: '../test_outside.py' }),
        structuredCall('write_test_file', { content: passing, path: '/tmp/test_absolute_outside.py' }),
        structuredCall('read_existing_tests', { path: '../../../package.json' }),
        structuredCall('submit_result', { summary: 'four tests pass', tests_generated: 4, tests_passing: 4 }),
      ],
    });

    expect(record.outcome).toBe('submitted');
    const [analysis, existing, firstWrite, firstRun, secondWrite, secondRun, escape, absolute, readEscape] =
      record.toolExecutions;
    expect(analysis.result).toMatchObject({
      import_statement: 'from pricing import apply_discount',
      signature: {
        parameters: [
          { name: 'price', type: 'Decimal' },
          { name: 'percent', type: 'float' },
        ],
        return_type: 'Decimal',
      },
    });
    expect(existing.result).toMatchObject({
      test_count: 2,
      files: [
        { path: 'tests/test_pricing.py', tests: ['test_round_money_rounds_half_up', 'test_add_vat_standard_rate'] },
      ],
    });
    expect(firstWrite.result).toMatchObject({
      path: 'test_pricing.py',
      overwritten: false,
      test_count: 3,
      imports_module: true,
    });
    expect(firstRun).toMatchObject({ outcome: 'partial', result: { passed: 2, failed: 1, errors: 0, total: 3 } });
    expect(secondWrite.result).toMatchObject({ overwritten: true, test_count: 4 });
    expect(secondRun).toMatchObject({ outcome: 'success', result: { passed: 4, failed: 0, errors: 0, total: 4 } });
    for (const refused of [escape, absolute, readEscape]) {
      expect(refused.outcome).toBe('error');
      expect(refused.error).toContain('outside the workspace');
    }
    expect(existsSync('/tmp/test_absolute_outside.py')).toBe(false);
    expect(record.knowledge).toMatchObject({
      tests_passed: 4,
      tests_failed: 0,
      tests_total: 4,
      all_passing: true,
      test_file_path: 'test_pricing.py',
      parameter_names: ['price', 'percent'],
    });

    expect(await readFile(path.join(PROJECT_ROOT, input.file_path))).toEqual(original);
    expect(changes.changedFiles).toEqual(['agents/test/samples/test_pricing.py']);
    expect(changes.diff).toContain('--- /dev/null\n+++ b/agents/test/samples/test_pricing.py\n');
    expect(changes.diff).toContain('+def test_rejects_out_of_range():');
  });

  it('refuses a test file that does not parse or is not named as a test (the module under test included)', async () => {
    const agent = await loadAgent(folder);
    const input = agent.inputs.find((candidate) => candidate.node_name === 'slugify');
    if (!input) throw new Error('no slugify input');
    const { record, changes } = await runAgentConversation({
      agentFolder: folder,
      input,
      tools: pool,
      turns: [
        structuredCall('write_test_file', { content: 'def test_x(:\n    pass\n' }),
        structuredCall('write_test_file', { content: 'def test_x():\n    pass\n', path: 'slug.py' }),
        structuredCall('run_tests', {}),
        structuredCall('submit_result', { summary: 'gave up' }),
      ],
    });
    expect(record.toolExecutions[0].error).toContain('does not parse');
    expect(record.toolExecutions[1].error).toContain('not a test file name');
    // Nothing was written, so run_tests runs the tests the workspace already holds (pricing's, copied with the folder).
    expect(record.toolExecutions[2]).toMatchObject({ outcome: 'success', result: { passed: 2, total: 2 } });
    expect(changes.diff).toBeNull();
  });
});
