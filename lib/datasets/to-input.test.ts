import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { caseToInput } from './to-input';
import { DatasetCase } from './case';
import { runConversation } from '../runner/run-conversation';
import { resolveSettings } from '../runner/settings';
import { ScriptedModelClient, contentAnswer, structuredCall, assertScriptsComplete } from '../testing/scripted-model';
import type { AgentRuntime } from '../runner/types';
import type { ToolExecutor } from '../tools/protocol';

// Every scripted turn must be asked for: a conversation that ended early fails its test.
afterEach(assertScriptsComplete);

const lightsCase = DatasetCase.parse({
  id: 'kitchen-too',
  input: {
    messages: [
      { role: 'user', content: 'Turn on the living room lights' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { type: 'function', function: { name: 'toggle_lights', arguments: { room: 'living_room', state: 'on' } } },
        ],
      },
      { role: 'user', content: 'And the kitchen too' },
    ],
  },
  expect: { kind: 'call', calls: [{ name: 'toggle_lights', arguments: { room: ['kitchen'], state: ['on'] } }] },
});

const agent: AgentRuntime = {
  name: 'lights',
  maxTurns: 1,
  systemPrompt: 'You control lights. Always respond with a tool call.',
  nodeContext: 'Request: {{ node_text }}',
  tools: [
    {
      name: 'toggle_lights',
      description: 'Lights.',
      parameters: { type: 'object', properties: { room: { type: 'string' }, state: { type: 'string' } } },
      script: '/nonexistent/toggle.ts',
      limits: { timeoutMs: 1000, maxOutputBytes: 1000 },
    },
  ],
  textAnswerEnds: true,
  settings: {},
};

/** Records what the runner asks of its tools; every call succeeds. */
class RecordingTools implements ToolExecutor {
  readonly requests: { script: string; knowledge: Record<string, unknown> }[] = [];
  async execute(script: string, request: { context: { knowledge: Record<string, unknown> } }) {
    this.requests.push({ script, knowledge: request.context.knowledge });
    return { outcome: 'success' as const, result: 'ok', durationMs: 1 };
  }
  async close() {}
}
const tools = new RecordingTools();
afterAll(() => tools.close());

describe('caseToInput', () => {
  it('keeps the conversation as given, adds ids and writes object arguments as JSON text', () => {
    const input = caseToInput(lightsCase);
    expect(input.node_text).toBe('And the kitchen too');
    expect(input.messages).toEqual([
      { role: 'user', content: 'Turn on the living room lights' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          {
            id: 'call_history_1',
            type: 'function',
            function: { name: 'toggle_lights', arguments: '{"room":"living_room","state":"on"}' },
          },
        ],
      },
      { role: 'user', content: 'And the kitchen too' },
    ]);
    expect(input.knowledge).toEqual({
      prior_calls: [{ name: 'toggle_lights', arguments: { room: 'living_room', state: 'on' } }],
    });
  });

  it('keeps ids a set gives and pairs a tool result without one with the oldest open call', () => {
    const input = caseToInput(
      DatasetCase.parse({
        id: 'x',
        input: {
          messages: [
            { role: 'user', content: 'a' },
            {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'call_history_1', function: { name: 'f', arguments: '{"k": 1}' } },
                { function: { name: 'g' } },
              ],
            },
            { role: 'tool', content: 'done' },
            { role: 'tool', content: 'done too' },
            { role: 'user', content: 'b' },
          ],
        },
      }),
    );
    const [, assistant, first, second] = input.messages ?? [];
    expect(assistant).toMatchObject({
      tool_calls: [
        { id: 'call_history_1', function: { arguments: '{"k": 1}' } },
        { id: 'call_history_2', function: { name: 'g', arguments: '{}' } },
      ],
    });
    expect(first).toEqual({ role: 'tool', tool_call_id: 'call_history_1', name: 'f', content: 'done' });
    expect(second).toEqual({ role: 'tool', tool_call_id: 'call_history_2', name: 'g', content: 'done too' });
  });

  it('uses template variables as a plain input', () => {
    expect(
      caseToInput(DatasetCase.parse({ id: 'v', input: { variables: { node_text: 'def f(): pass', node_name: 'f' } } })),
    ).toEqual({ node_text: 'def f(): pass', node_name: 'f' });
  });
});

describe('the runner with a case input', () => {
  it('sends the system prompt then the conversation so far, not the node_context template', async () => {
    const client = new ScriptedModelClient([
      structuredCall('toggle_lights', { room: 'kitchen', state: 'on' }, 'call_history_1'),
    ]);
    const record = await runConversation(agent, resolveSettings({ model: 'm' }), caseToInput(lightsCase), {
      client,
      tools,
    });
    const [request] = client.requests;
    expect(request.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(request.messages[0]).toEqual({ role: 'system', content: agent.systemPrompt });
    expect(request.messages[2]).toMatchObject({ tool_calls: [{ id: 'call_history_1' }] });
    // The server reused an id of the history: the runner gives the new call a fresh one.
    expect(record.modelCalls[0].calls[0].id).not.toBe('call_history_1');
    expect(record.outcome).toBe('turn_limit');
    // The tools start from the calls of the conversation so far.
    expect(tools.requests.at(-1)?.knowledge).toEqual({
      prior_calls: [{ name: 'toggle_lights', arguments: { room: 'living_room', state: 'on' } }],
    });
  });

  it('replaces the agent tools with the tools a case declares, without running them', async () => {
    const client = new ScriptedModelClient([structuredCall('forecast', { city: 'Paris' }), contentAnswer('Sunny.')]);
    const before = tools.requests.length;
    const input = caseToInput(
      DatasetCase.parse({
        id: 'bfcl',
        input: { messages: [{ role: 'user', content: 'Weather in Paris?' }] },
        tools: [
          {
            function: {
              name: 'forecast',
              description: 'Forecast.',
              parameters: { type: 'object', properties: { city: { type: 'string' } } },
            },
          },
        ],
      }),
    );
    const record = await runConversation({ ...agent, maxTurns: 2 }, resolveSettings({ model: 'm' }), input, {
      client,
      tools,
    });
    expect(client.requests[0].tools?.map((tool) => tool.function.name)).toEqual(['forecast']);
    expect(record.toolExecutions).toEqual([
      expect.objectContaining({
        toolName: 'forecast',
        outcome: 'success',
        result: null,
        summary: expect.stringContaining('not executed'),
      }),
    ]);
    expect(tools.requests.length).toBe(before);
    expect(record.outcome).toBe('submitted');
  });
});
