import { afterEach, describe, expect, it } from 'vitest';
import { runConversation } from './run-conversation';
import type { RunnerEvent } from './types';
import type { ToolExecution, ToolExecutor, ToolRequest } from '../tools/protocol';
import { ScriptedModelClient, contentAnswer, structuredCall, assertScriptsComplete } from '../testing/scripted-model';
import { agent, settings } from './testing/test-agent';

afterEach(assertScriptsComplete); // a conversation that ended before its script did fails

/** A fake executor (unit tests only) that records what it ran and answers from a function. */
class FakeTools implements ToolExecutor {
  readonly runs: { script: string; request: ToolRequest }[] = [];
  constructor(private readonly answer: (script: string, request: ToolRequest) => Partial<ToolExecution> = () => ({})) {}
  async execute(script: string, request: ToolRequest): Promise<ToolExecution> {
    this.runs.push({ script, request: structuredClone(request) });
    return {
      outcome: 'success',
      result: { echoed: request.arguments },
      durationMs: 1,
      ...this.answer(script, request),
    };
  }
  async close() {}
}
const input = { node_text: 'say hi' };
let idCounter = 0;
const newCallId = () => `call_test${++idCounter}`;

describe('runConversation', () => {
  it('sends the full history: the second request holds system, user, the assistant call, the tool result', async () => {
    const client = new ScriptedModelClient([
      structuredCall('simple_tool', { payload: 'hi' }, 'srv-1'),
      structuredCall('submit_result', { summary: 'done', changed_files: [] }),
    ]);
    const record = await runConversation(agent(), settings(), input, { client, tools: new FakeTools(), newCallId });
    expect(record.outcome).toBe('submitted');
    expect(record.result).toEqual({ summary: 'done', changed_files: [] });
    const second = client.requests[1];
    expect(second.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(second.messages[1].content).toBe('Request:\nsay hi');
    const assistant = second.messages[2] as {
      tool_calls: { id: string; function: { name: string; arguments: string } }[];
    };
    expect(assistant.tool_calls[0].id).toBe('srv-1');
    expect(JSON.parse(assistant.tool_calls[0].function.arguments)).toEqual({ payload: 'hi' });
    expect(second.messages[3]).toMatchObject({ role: 'tool', tool_call_id: 'srv-1', name: 'simple_tool' });
  });

  it('sends tools natively with temperature 0 and tool_choice auto by default', async () => {
    const client = new ScriptedModelClient([structuredCall('submit_result', { summary: 'x' })]);
    await runConversation(agent(), settings(), input, { client, tools: new FakeTools() });
    const request = client.requests[0];
    expect(request.temperature).toBe(0);
    expect(request.tool_choice).toBe('auto');
    expect(request.tools?.map((tool) => tool.function.name)).toEqual(['simple_tool', 'count', 'submit_result']);
    expect(request.messages[0].content).not.toContain('simple_tool');
  });

  it('injects the schemas into the system prompt only when asked, and then sends no tools', async () => {
    const client = new ScriptedModelClient([structuredCall('submit_result', { summary: 'x' })]);
    await runConversation(agent(), settings({ toolPresentation: 'system-prompt' }), input, {
      client,
      tools: new FakeTools(),
    });
    expect(client.requests[0].tools).toBeUndefined();
    expect(client.requests[0].tool_choice).toBeUndefined();
    expect(client.requests[0].messages[0].content).toContain('"simple_tool"');
  });

  it('generates ids for calls the server sent without one, and keeps call and result paired', async () => {
    const client = new ScriptedModelClient([
      { message: { content: '{"name": "simple_tool", "arguments": {"payload": "a"}}' } },
      structuredCall('submit_result', { summary: 's' }),
    ]);
    const record = await runConversation(agent(), settings(), input, { client, tools: new FakeTools(), newCallId });
    expect(record.modelCalls[0].parsePath).toBe('json_name_arguments');
    const assistant = record.messages[2] as { tool_calls: { id: string }[] };
    expect(assistant.tool_calls[0].id).toMatch(/^call_test\d+$/);
    expect(record.messages[3]).toMatchObject({ role: 'tool', tool_call_id: assistant.tool_calls[0].id });
  });

  it('feeds an unknown tool back as an error result and goes on', async () => {
    const client = new ScriptedModelClient([
      structuredCall('delete_everything', {}),
      structuredCall('submit_result', { summary: 's' }),
    ]);
    const tools = new FakeTools();
    const record = await runConversation(agent(), settings(), input, { client, tools });
    expect(record.outcome).toBe('submitted');
    expect(tools.runs).toHaveLength(0);
    expect(record.toolExecutions[0]).toMatchObject({
      toolName: 'delete_everything',
      outcome: 'error',
      errorKind: 'unknown_tool',
    });
    const toolMessage = client.requests[1].messages[3];
    expect(toolMessage.role).toBe('tool');
    expect(JSON.parse(toolMessage.content as string).error).toContain('unknown tool "delete_everything"');
    expect(record.modelCalls[0].allValid).toBe(false);
  });

  it('rejects schema-invalid arguments with a readable error and coerces values that lost their type', async () => {
    const client = new ScriptedModelClient([
      {
        message: {
          content: null,
          tool_calls: [
            { id: 'a', type: 'function', function: { name: 'simple_tool', arguments: '{"wrong": 1}' } },
            { id: 'b', type: 'function', function: { name: 'count', arguments: '{"n": "42"}' } },
          ],
        },
      },
      structuredCall('submit_result', { summary: 's' }),
    ]);
    const tools = new FakeTools();
    const record = await runConversation(agent(), settings(), input, { client, tools });
    expect(record.toolExecutions[0]).toMatchObject({ errorKind: 'invalid_arguments', outcome: 'error' });
    expect(tools.runs).toHaveLength(1);
    expect(tools.runs[0].request.arguments).toEqual({ n: 42 });
    expect(record.modelCalls[0].allValid).toBe(false);
  });

  it('executes every call of a response in order and appends the results in that order', async () => {
    const client = new ScriptedModelClient([
      {
        message: {
          content: null,
          tool_calls: [
            { id: 'first', type: 'function', function: { name: 'simple_tool', arguments: '{"payload":"1"}' } },
            { id: 'second', type: 'function', function: { name: 'simple_tool', arguments: '{"payload":"2"}' } },
          ],
        },
      },
      structuredCall('submit_result', { summary: 's' }),
    ]);
    const tools = new FakeTools();
    const record = await runConversation(agent(), settings(), input, { client, tools });
    expect(tools.runs.map((run) => run.request.arguments.payload)).toEqual(['1', '2']);
    expect(record.messages.slice(3, 5).map((message) => (message as { tool_call_id: string }).tool_call_id)).toEqual([
      'first',
      'second',
    ]);
    expect(record.modelCalls[0].allValid).toBe(true);
  });

  it('feeds a failing tool back as an error result', async () => {
    const client = new ScriptedModelClient([
      structuredCall('simple_tool', { payload: 'x' }),
      structuredCall('submit_result', { summary: 's' }),
    ]);
    const tools = new FakeTools(() => ({
      outcome: 'error',
      error: 'tool "simple_tool" timed out after 1000 ms',
      errorKind: 'tool_timeout',
      result: null,
    }));
    const record = await runConversation(agent(), settings(), input, { client, tools });
    expect(record.outcome).toBe('submitted');
    expect(JSON.parse(client.requests[1].messages[3].content as string)).toEqual({
      status: 'error',
      error: 'tool "simple_tool" timed out after 1000 ms',
    });
  });

  it('ends as no_tool_call on a text answer and keeps the text', async () => {
    const client = new ScriptedModelClient([contentAnswer('I would rather chat.')]);
    const record = await runConversation(agent(), settings(), input, { client, tools: new FakeTools() });
    expect(record.outcome).toBe('no_tool_call');
    expect(record.finalText).toBe('I would rather chat.');
    expect(record.modelCalls[0].parsePath).toBe('text');
  });

  it('ends with a text answer as submitted for an agent that declares text answers end it', async () => {
    const client = new ScriptedModelClient([contentAnswer('The lights are on.')]);
    const record = await runConversation(agent({ textAnswerEnds: true }), settings(), input, {
      client,
      tools: new FakeTools(),
    });
    expect(record.outcome).toBe('submitted');
    expect(record.result).toEqual({ answer: 'The lights are on.' });
  });

  it('ends as turn_limit after max_turns model calls', async () => {
    const client = new ScriptedModelClient([
      structuredCall('simple_tool', { payload: 'a' }),
      structuredCall('simple_tool', { payload: 'b' }),
    ]);
    const record = await runConversation(agent({ maxTurns: 2 }), settings(), input, { client, tools: new FakeTools() });
    expect(record.outcome).toBe('turn_limit');
    expect(client.requests).toHaveLength(2);
  });

  it('names submit_result as tool_choice on the last turn when forcing is on', async () => {
    const client = new ScriptedModelClient([
      structuredCall('simple_tool', { payload: 'a' }),
      structuredCall('submit_result', { summary: 's' }),
    ]);
    await runConversation(
      agent({ maxTurns: 2 }),
      settings({ forceSubmitOnLastTurn: true, toolChoice: 'required' }),
      input,
      { client, tools: new FakeTools() },
    );
    expect(client.requests[0].tool_choice).toBe('required');
    expect(client.requests[1].tool_choice).toEqual({ type: 'function', function: { name: 'submit_result' } });
  });

  it('reproduces the seed bug in initial-only history mode', async () => {
    const client = new ScriptedModelClient([
      structuredCall('simple_tool', { payload: 'a' }),
      structuredCall('submit_result', { summary: 's' }),
    ]);
    const record = await runConversation(agent(), settings({ historyMode: 'initial-only' }), input, {
      client,
      tools: new FakeTools(),
    });
    expect(client.requests[1].messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(record.modelCalls[1].messagePositions).toEqual([0, 1]);
  });

  it('accumulates knowledge from tools, passes it to later tools, and can add it to the prompt', async () => {
    const client = new ScriptedModelClient([
      structuredCall('simple_tool', { payload: 'a' }),
      structuredCall('count', { n: 1 }),
      structuredCall('submit_result', { summary: 's' }),
    ]);
    const tools = new FakeTools((script) =>
      script.endsWith('simple.ts') ? { knowledge_delta: { lint_errors: 3 } } : { knowledge_delta: { counted: true } },
    );
    const record = await runConversation(agent(), settings({ includeKnowledge: true }), input, { client, tools });
    expect(record.knowledge).toEqual({ lint_errors: 3, counted: true });
    expect(tools.runs[1].request.context.knowledge).toEqual({ lint_errors: 3 });
    expect(client.requests[0].messages[0].content).not.toContain('known_facts');
    expect(client.requests[1].messages[0].content).toContain('"lint_errors":3');
    expect(record.messages[0].content).not.toContain('known_facts');
    expect(record.modelCalls[1].requestParams.systemSuffix).toContain('lint_errors');
  });

  it('ends as error with the server message when the model call fails', async () => {
    const client = new ScriptedModelClient([{ fail: 'model server answered 503: overloaded', status: 503 }]);
    const record = await runConversation(agent(), settings(), input, { client, tools: new FakeTools() });
    expect(record.outcome).toBe('error');
    expect(record.error).toContain('overloaded');
    expect(record.modelCalls[0].status).toBe('error');
    expect(record.modelCalls[0].parsePath).toBeNull();
  });

  it('records parse paths for every response and reports every step to the sink', async () => {
    const events: RunnerEvent['type'][] = [];
    const client = new ScriptedModelClient([
      {
        message: {
          content: '<start_function_call>call:simple_tool{payload:<escape>a, {b}<escape>}<end_function_call>',
        },
      },
      contentAnswer(''),
    ]);
    const record = await runConversation(agent(), settings(), input, {
      client,
      tools: new FakeTools(),
      sink: { event: (event) => events.push(event.type) },
    });
    expect(record.modelCalls.map((call) => call.parsePath)).toEqual(['functiongemma_tags', 'empty']);
    expect(record.toolExecutions[0].arguments).toEqual({ payload: 'a, {b}' });
    expect(events).toEqual(['conversation-start', 'model-call', 'tool-result', 'model-call', 'conversation-end']);
  });

  it('stops as cancelled when the signal is aborted', async () => {
    const controller = new AbortController();
    const client = new ScriptedModelClient([
      (request) => {
        controller.abort();
        return structuredCall('simple_tool', { payload: 'a' });
      },
    ]);
    const record = await runConversation(agent(), settings(), input, {
      client,
      tools: new FakeTools(),
      signal: controller.signal,
    });
    expect(record.outcome).toBe('cancelled');
    expect(client.requests).toHaveLength(1);
  });

  it('prefers content when asked and falls back to tool_calls when content holds no call', async () => {
    const both = {
      message: {
        content: 'Sure.',
        tool_calls: [{ id: 'x', type: 'function', function: { name: 'submit_result', arguments: '{"summary":"s"}' } }],
      },
    };
    const client = new ScriptedModelClient([both]);
    const record = await runConversation(agent(), settings({ responsePreference: 'content-first' }), input, {
      client,
      tools: new FakeTools(),
    });
    expect(record.outcome).toBe('submitted');
    expect(record.modelCalls[0].parsePath).toBe('tool_calls');
  });
});
