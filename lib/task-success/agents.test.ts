// The check of issue 14 item 0: for each agent, a scripted model that submits without doing the work
// gets task success 0, one that does the work gets 1, and a text answer is never a success.
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/load';
import { PROJECT_ROOT, runAgentConversation } from '../python/testing/agent-conversation';
import { contentAnswer, structuredCall, type ScriptedTurn, assertScriptsComplete } from '../testing/scripted-model';
import { ToolWorkerPool } from '../tools/worker-pool';
import type { ConversationInput } from '../protocol/conversation';

// Every scripted turn must be asked for: a conversation that ended early fails its test.
afterEach(assertScriptsComplete);

const pool = new ToolWorkerPool({ size: 2 });
afterAll(() => pool.close());

const agentFolder = (name: string) => path.join(PROJECT_ROOT, 'agents', name);

async function inputOf(agent: string, nodeName: string | null): Promise<ConversationInput> {
  const loaded = await loadAgent(agentFolder(agent));
  const input =
    nodeName === null ? loaded.inputs[0] : loaded.inputs.find((candidate) => candidate.node_name === nodeName);
  if (!input) throw new Error(`${agent} has no input ${nodeName}`);
  return input;
}

async function judge(agent: string, nodeName: string | null, turns: ScriptedTurn[]) {
  const run = await runAgentConversation({
    agentFolder: agentFolder(agent),
    input: await inputOf(agent, nodeName),
    tools: pool,
    turns,
  });
  return run.taskCheck;
}

const submit = (extra: Record<string, unknown> = {}) => structuredCall('submit_result', { summary: 'done', ...extra });

const passingTests = `from decimal import Decimal

from pricing import apply_discount


def test_ten_percent_off():
    assert apply_discount(Decimal("20.00"), 10) == Decimal("18.00")
`;

// Real ruff, pytest and tree-sitter in tool workers: slow on a loaded machine, never a timing check.
describe('task success per agent: lazy 0, diligent 1', { timeout: 180_000 }, () => {
  it('lint: submitting untouched code fails; fixing issues succeeds', async () => {
    const lazy = await judge('lint', 'inventory', [submit()]);
    expect(lazy).toMatchObject({ check: 'lint', success: false });
    expect(lazy?.reason).toMatch(/still reports \d+ issue/);
    const diligent = await judge('lint', 'inventory', [structuredCall('run_linter', { check_only: false }), submit()]);
    expect(diligent).toMatchObject({ check: 'lint', success: true });
    expect((diligent?.details as { issues_after: number; issues_before: number }).issues_after).toBeLessThan(
      (diligent?.details as { issues_before: number }).issues_before,
    );
  });

  it('docstring: no docstring or the wrong style fails; the asked (google) style succeeds', async () => {
    expect(await judge('docstring', 'Point.distance_to', [submit()])).toMatchObject({
      check: 'docstring',
      success: false,
      reason: 'Point.distance_to has no docstring',
    });
    const numpy = await judge('docstring', 'Point.distance_to', [
      structuredCall('write_docstring', {
        docstring: 'Distance to another point.\n\nArgs:\n    other: The other point.\n\nReturns:\n    The distance.',
        style: 'numpy',
      }),
      submit(),
    ]);
    expect(numpy).toMatchObject({ success: false, details: { found_style: 'numpy', asked_style: 'google' } });
    const google = await judge('docstring', 'Point.distance_to', [
      structuredCall('write_docstring', {
        docstring: 'Distance to another point.\n\nArgs:\n    other: The other point.\n\nReturns:\n    The distance.',
      }),
      submit(),
    ]);
    expect(google).toMatchObject({ check: 'docstring', success: true });
  });

  it('test: writing no test fails; tests that are written and pass succeed; failing ones fail', async () => {
    expect(await judge('test', 'apply_discount', [submit({ tests_generated: 3, tests_passing: 3 })])).toMatchObject({
      check: 'test',
      success: false,
      reason: 'no test file was written',
    });
    const failing = await judge('test', 'apply_discount', [
      structuredCall('write_test_file', { content: passingTests.replace('Decimal("18.00")', 'Decimal("17.00")') }),
      submit(),
    ]);
    expect(failing).toMatchObject({ success: false, details: { failed: 1, total: 1 } });
    const passing = await judge('test', 'apply_discount', [
      structuredCall('write_test_file', { content: passingTests }),
      structuredCall('run_tests', {}),
      submit(),
    ]);
    expect(passing).toMatchObject({ check: 'test', success: true, details: { passed: 1, total: 1 } });
  });

  it('sample_data: no fixture file fails; fixtures off the signature fail; matching ones succeed', async () => {
    expect(await judge('sample_data', 'shipping_cost', [submit()])).toMatchObject({
      check: 'sample_data',
      success: false,
      reason: 'no fixture file was written',
    });
    const wrong = await judge('sample_data', 'shipping_cost', [
      structuredCall('write_fixture_file', { fixtures: [{ weight: 'heavy' }] }),
      submit(),
    ]);
    expect(wrong).toMatchObject({ success: false });
    const right = await judge('sample_data', 'shipping_cost', [
      structuredCall('write_fixture_file', {
        fixtures: [{ weight_kg: 1.5, method: 'express', country: 'FR' }],
        format: 'yaml',
      }),
      submit(),
    ]);
    expect(right).toMatchObject({ check: 'sample_data', success: true, details: { fixtures: 1 } });
  });

  it('harness: submitting without the echo fails; echoing the request succeeds', async () => {
    expect(await judge('harness', null, [submit()])).toMatchObject({ check: 'harness', success: false });
    expect(
      await judge('harness', null, [structuredCall('simple_tool', { payload: 'something else' }), submit()]),
    ).toMatchObject({ success: false });
    expect(await judge('harness', null, [structuredCall('simple_tool', { payload: 'ping' }), submit()])).toMatchObject({
      check: 'harness',
      success: true,
    });
  });

  it('smart_home: a text answer fails; the expected call succeeds', async () => {
    const text = await judge('smart_home', null, [contentAnswer('Sure, the living room lights are on now.')]);
    expect(text).toMatchObject({ check: 'expected_call', success: false });
    const call = await judge('smart_home', null, [
      structuredCall('toggle_lights', { room: 'living_room', state: 'on' }),
      contentAnswer('Done.'),
    ]);
    expect(call).toMatchObject({ check: 'expected_call', success: true });
  });

  it('a text answer or a turn limit is never a success for an agent that submits', async () => {
    const text = await judge('lint', 'inventory', [
      structuredCall('run_linter', { check_only: false }),
      contentAnswer('All fixed!'),
    ]);
    expect(text).toMatchObject({
      success: false,
      reason: 'the conversation ended as no_tool_call without submitting its result',
    });
  });
});
