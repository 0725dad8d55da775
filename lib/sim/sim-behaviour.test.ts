import { afterEach, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer, type SimServerOptions } from './server';
import { lintRequest, LINT_TOOLS, post, shapeOfMessage } from './test-helpers';
import { SIM_SHAPES, type SimShape } from './options';
import { parseResponse } from '../parsing/parse-response';

const servers: SimServer[] = [];
async function start(options: SimServerOptions = {}): Promise<SimServer> {
  const server = await startSimServer({ port: 0, ...options });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const EVEN_SHAPES = Object.fromEntries(SIM_SHAPES.map((shape) => [shape, 1]));

function count(shapes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const shape of shapes) counts[shape] = (counts[shape] ?? 0) + 1;
  return counts;
}

function nonZero(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value > 0));
}

describe('ground truth in /sim/stats', () => {
  it('counts exactly the shapes it returned, as a client parses them', async () => {
    const server = await start({
      seed: 5,
      shapes: EVEN_SHAPES,
      http500Rate: 0.05,
      http429Rate: 0.05,
      invalidArgumentsRate: 0.3,
      unknownToolRate: 0.2,
    });
    const results = await Promise.all(
      Array.from({ length: 360 }, (_, index) => post(server, '/v1/chat/completions', lintRequest(index))),
    );
    const answered = results.filter((result) => result.status === 200);
    const messages = answered.map((result) => result.body.choices[0].message);

    const stats = server.stats();
    expect(stats.requests).toBe(360);
    expect(stats.completions).toBe(answered.length);
    expect(stats.httpErrors['500']).toBe(results.filter((result) => result.status === 500).length);
    expect(stats.httpErrors['429']).toBe(results.filter((result) => result.status === 429).length);
    expect(stats.httpErrors['500'] + stats.httpErrors['429']).toBeGreaterThan(0);

    // Every shape occurs, and both the small independent check and the project's parser agree with the counts.
    expect(Object.keys(nonZero(stats.shapes)).sort()).toEqual([...SIM_SHAPES].sort());
    expect(count(messages.map(shapeOfMessage))).toEqual(nonZero(stats.shapes));
    expect(count(messages.map((message) => parseResponse(message, 'tool_calls-first').path))).toEqual(
      nonZero(stats.shapes),
    );
    expect(count(messages.map((message) => parseResponse(message, 'content-first').path))).toEqual(
      nonZero(stats.shapes),
    );
    expect(stats.injected.unknownTool).toBeGreaterThan(0);
    expect(stats.injected.invalidArguments).toBeGreaterThan(0);
  });

  it('names tools that do not exist at the unknown-tool rate', async () => {
    const server = await start({
      seed: 2,
      shapes: { tool_calls: 1 },
      unknownToolRate: 1,
      http500Rate: 0,
      http429Rate: 0,
    });
    const result = await post(server, '/v1/chat/completions', lintRequest(1));
    const name = result.body.choices[0].message.tool_calls[0].function.name;
    expect(LINT_TOOLS.map((tool) => tool.function.name)).not.toContain(name);
    expect(server.stats().injected.unknownTool).toBe(1);
  });
});

describe('tool_choice', () => {
  const quiet = { http500Rate: 0, http429Rate: 0 };

  it('required: the JSON array the model is forced to write comes back as tool_calls', async () => {
    const server = await start({ seed: 8, ...quiet, unknownToolRate: 1, invalidArgumentsRate: 1 });
    const result = await post(server, '/v1/chat/completions', lintRequest(3, { tool_choice: 'required' }));
    const message = result.body.choices[0].message;
    expect(message.content).toBe('');
    expect(message.tool_calls).toHaveLength(1);
    const call = message.tool_calls[0];
    // Structured outputs constrain the name and the schema: no injected mistake gets through.
    expect(['run_linter', 'apply_fix']).toContain(call.function.name);
    const args = JSON.parse(call.function.arguments);
    const tool = LINT_TOOLS.find((candidate) => candidate.function.name === call.function.name)!;
    for (const name of tool.function.parameters.required) expect(args).toHaveProperty(name);
    // Serialized by vLLM with Python's json.dumps separators.
    expect(call.function.arguments).not.toMatch(/":[^ ]/);
    expect(result.body.usage.completion_tokens).toBeGreaterThan(0);
    expect(server.stats()).toMatchObject({
      shapes: { tool_calls: 1 },
      modes: { required: 1 },
      injected: { unknownTool: 0, invalidArguments: 0 },
    });
  });

  it('named: the named tool is called', async () => {
    const server = await start({ seed: 8, ...quiet });
    const choice = { type: 'function', function: { name: 'submit_result' } };
    const result = await post(server, '/v1/chat/completions', lintRequest(3, { tool_choice: choice }));
    const call = result.body.choices[0].message.tool_calls[0];
    expect(call.function.name).toBe('submit_result');
    expect(Object.keys(JSON.parse(call.function.arguments))).toEqual(
      expect.arrayContaining(['summary', 'changed_files']),
    );
    expect(server.stats().modes.named).toBe(1);
  });

  it('none: text only', async () => {
    const server = await start({ seed: 8, ...quiet, shapes: { tool_calls: 1 } });
    const result = await post(server, '/v1/chat/completions', lintRequest(3, { tool_choice: 'none' }));
    const message = result.body.choices[0].message;
    expect(message.tool_calls).toEqual([]);
    expect(parseResponse(message).path).toBe('text');
    expect(server.stats()).toMatchObject({ shapes: { text: 1 }, modes: { none: 1 } });
  });

  it('calls submit_result once the history holds a tool result, at the configured rate', async () => {
    const server = await start({
      seed: 8,
      ...quiet,
      shapes: { tool_calls: 1 },
      submitAfterToolResultRate: 1,
      unknownToolRate: 0,
    });
    const request = lintRequest(2);
    request.messages.push(
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'run_linter', arguments: '{"check_only":true}' } },
        ],
      } as any,
      { role: 'tool', tool_call_id: 'c1', content: '{"issues": 0}' } as any,
    );
    const result = await post(server, '/v1/chat/completions', request);
    expect(result.body.choices[0].message.tool_calls[0].function.name).toBe('submit_result');
    const first = await post(server, '/v1/chat/completions', lintRequest(2));
    expect(first.body.choices[0].message.tool_calls[0].function.name).not.toBe('submit_result');
    expect(server.stats().injected.submitResult).toBe(1);
  });
});

describe('vLLM parser emulation', () => {
  const numericRequest = (index: number) => ({
    ...lintRequest(index),
    tools: [LINT_TOOLS[1]],
  });

  it('drops values the model wrote bare, like vLLM', async () => {
    const server = await start({
      seed: 1,
      shapes: { tool_calls: 1 },
      lossyBareValuesRate: 1,
      invalidArgumentsRate: 0,
      unknownToolRate: 0,
      http500Rate: 0,
      http429Rate: 0,
    });
    for (let index = 0; index < 10; index += 1) {
      const result = await post(server, '/v1/chat/completions', numericRequest(index));
      const args = JSON.parse(result.body.choices[0].message.tool_calls[0].function.arguments);
      expect(args).toHaveProperty('issue_code');
      expect(args).not.toHaveProperty('line_number');
    }
    expect(server.stats().injected.lossyBareValues).toBe(10);
  });

  it('keeps values the model wrapped in <escape>, JSON-decoded', async () => {
    const server = await start({
      seed: 1,
      shapes: { tool_calls: 1 },
      lossyBareValuesRate: 0,
      invalidArgumentsRate: 0,
      unknownToolRate: 0,
      http500Rate: 0,
      http429Rate: 0,
    });
    for (let index = 0; index < 10; index += 1) {
      const result = await post(server, '/v1/chat/completions', numericRequest(index));
      const args = JSON.parse(result.body.choices[0].message.tool_calls[0].function.arguments);
      expect(typeof args.line_number).toBe('number');
    }
    expect(server.stats().injected.lossyBareValues).toBe(0);
  });
});

describe('tools injected into the system prompt', () => {
  it('finds the tool names there and answers in JSON content, never structured tool_calls', async () => {
    const server = await start({ seed: 6, http500Rate: 0, http429Rate: 0, unknownToolRate: 0 });
    const listed = JSON.stringify(LINT_TOOLS.map((tool) => tool.function));
    const system = `You have access to the following tools:\n${listed}\nCall tools by responding with JSON.`;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post(server, '/v1/chat/completions', {
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: `Fix file_${index}.py` },
          ],
        }),
      ),
    );
    const parsed = results.map((result) => parseResponse(result.body.choices[0].message));
    expect(parsed.some((entry) => entry.path === 'tool_calls' || entry.path === 'functiongemma_tags')).toBe(false);
    const names = parsed.flatMap((entry) => entry.calls.map((call) => call.name));
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(['run_linter', 'apply_fix', 'submit_result']).toContain(name);
    expect(server.stats().modes.no_tools).toBe(40);
  });

  it('answers text when there are no tools anywhere', async () => {
    const server = await start({ seed: 6, http500Rate: 0, http429Rate: 0 });
    const result = await post(server, '/v1/chat/completions', { messages: [{ role: 'user', content: 'Hello' }] });
    expect(parseResponse(result.body.choices[0].message).path).toBe('text');
    expect(server.stats().shapes.text).toBe(1);
  });
});
