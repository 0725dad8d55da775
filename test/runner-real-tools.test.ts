import { afterAll, afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { runConversation } from '../lib/runner/run-conversation';
import { resolveSettings } from '../lib/runner/settings';
import type { AgentRuntime } from '../lib/runner/types';
import { ToolWorkerPool } from '../lib/tools/worker-pool';
import { ScriptedModelClient, structuredCall, assertScriptsComplete } from '../lib/testing/scripted-model';
import { projectRoot } from './cli-process';

// Every scripted turn must be asked for: a conversation that ended early fails its test.
afterEach(assertScriptsComplete);

// The runner with real out-of-process tools: a tool that hangs is killed at its limit, the model
// is told, and the conversation goes on to submit_result.
const pool = new ToolWorkerPool({ size: 2 });
afterAll(() => pool.close());

const agent: AgentRuntime = {
  name: 'hang-test',
  maxTurns: 3,
  systemPrompt: 'Always respond with a tool call.',
  nodeContext: '{{ node_text }}',
  textAnswerEnds: false,
  settings: {},
  tools: [
    {
      name: 'sleep',
      description: 'Sleeps',
      parameters: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
      script: path.join(projectRoot, 'lib/tools/fixtures/sleep-tool.ts'),
      limits: { timeoutMs: 300, maxOutputBytes: 10_000 },
    },
    {
      name: 'submit_result',
      description: 'Finish',
      parameters: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] },
      script: null,
      limits: { timeoutMs: 300, maxOutputBytes: 10_000 },
    },
  ],
};

describe('runner with real tools', () => {
  it('kills a hanging tool at its limit, feeds the error back and goes on', async () => {
    const client = new ScriptedModelClient([
      structuredCall('sleep', { ms: 60_000 }),
      structuredCall('submit_result', { summary: 'gave up waiting' }),
    ]);
    const record = await runConversation(
      agent,
      resolveSettings({ model: 'm' }),
      { node_text: 'wait' },
      { client, tools: pool },
    );
    expect(record.outcome).toBe('submitted');
    expect(record.toolExecutions[0]).toMatchObject({ toolName: 'sleep', outcome: 'error', errorKind: 'tool_timeout' });
    expect(record.toolExecutions[0].durationMs).toBeLessThan(60_000);
    const toolMessage = client.requests[1].messages[3];
    expect(toolMessage).toMatchObject({ role: 'tool', name: 'sleep' });
    expect(JSON.parse(toolMessage.content as string).error).toMatch(/timed out after 300 ms/);
  });
});
