import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadAgent } from '../../lib/agents/load';
import { renderTemplate } from '../../lib/runner/template';
import { runConversation } from '../../lib/runner/run-conversation';
import { resolveSettings } from '../../lib/runner/settings';
import { ScriptedModelClient, structuredCall, assertScriptsComplete } from '../../lib/testing/scripted-model';
import { ToolWorkerPool } from '../../lib/tools/worker-pool';

// Every scripted turn must be asked for: a conversation that ended early fails its test.
afterEach(assertScriptsComplete);

const folder = fileURLToPath(new URL('.', import.meta.url));
const pool = new ToolWorkerPool({ size: 1 });
afterAll(() => pool.close());

const context = {
  workspace: null,
  filePath: null,
  nodeText: '',
  nodeName: null,
  nodeType: null,
  settings: {},
  knowledge: {},
};

describe('the harness agent', () => {
  it('fills its node_context with the request', async () => {
    const agent = await loadAgent(folder);
    expect(renderTemplate(agent.definition.initial_context.node_context, { node_text: 'ping' })).toBe('Request:\nping');
  });

  it('runs simple_tool through the worker pool', async () => {
    const simpleTool = (await loadAgent(folder)).toRuntime().tools.find((tool) => tool.name === 'simple_tool');
    if (!simpleTool?.script) throw new Error('simple_tool has no script');
    const echoed = await pool.execute(
      simpleTool.script,
      { arguments: { payload: 'Grüße 🚀' }, context },
      simpleTool.limits,
    );
    expect(echoed).toMatchObject({
      outcome: 'success',
      result: { payload: 'Grüße 🚀', length: 7 },
      knowledge_delta: { last_payload: 'Grüße 🚀' },
    });
    const empty = await pool.execute(simpleTool.script, { arguments: { payload: '' }, context }, simpleTool.limits);
    expect(empty.outcome).toBe('error');
    expect(empty.errorKind).toBeUndefined();
    expect(empty.error).toContain('payload is empty');
  });

  it('completes a conversation in two turns: simple_tool, then submit_result', async () => {
    const agent = await loadAgent(folder);
    const input = agent.inputs[0];
    const client = new ScriptedModelClient([
      structuredCall('simple_tool', { payload: input.node_text }),
      structuredCall('submit_result', { summary: 'simple_tool echoed ping', changed_files: [] }),
    ]);
    const record = await runConversation(agent.toRuntime(), resolveSettings({ model: 'functiongemma' }), input, {
      client,
      tools: pool,
    });
    expect(record.outcome).toBe('submitted');
    expect(record.result).toMatchObject({ summary: 'simple_tool echoed ping' });
    expect(record.toolExecutions[0]).toMatchObject({ toolName: 'simple_tool', outcome: 'success' });
    expect(record.knowledge).toEqual({ last_payload: input.node_text });
    expect(client.requests[1].messages.at(-1)).toMatchObject({ role: 'tool', name: 'simple_tool' });
  });
});
