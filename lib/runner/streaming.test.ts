// Streamed and unstreamed conversations against the simulator over real HTTP: the same seed gives
// the same parse paths, calls and confidence figures, and streaming reports its progress to the sink.
import { afterEach, describe, expect, it } from 'vitest';
import { runConversation } from './run-conversation';
import { resolveSettings } from './settings';
import { HttpModelClient } from './model-client';
import type { AgentRuntime, ConversationRecord, RunnerEvent } from './types';
import type { ToolExecution, ToolExecutor, ToolRequest } from '../tools/protocol';
import { startSimServer, type SimServer } from '../sim/server';
import { LINT_TOOLS } from '../sim/test-helpers';

const servers: SimServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const limits = { timeoutMs: 1000, maxOutputBytes: 10_000 };
const agent: AgentRuntime = {
  name: 'lint',
  maxTurns: 4,
  systemPrompt: 'You fix lint problems. Always respond with a tool call.',
  nodeContext: 'Fix the lint issues in {{ file_path }}: {{ node_text }}',
  textAnswerEnds: false,
  settings: {},
  tools: LINT_TOOLS.map((tool) => ({
    ...tool.function,
    script: tool.function.name === 'submit_result' ? null : `/tools/${tool.function.name}.ts`,
    limits,
  })),
};

/** Answers every tool the same way (the tools are not what is under test). */
class EchoTools implements ToolExecutor {
  async execute(_script: string, request: ToolRequest): Promise<ToolExecution> {
    return { outcome: 'success', result: { done: Object.keys(request.arguments).length }, durationMs: 1 };
  }
  async close() {}
}

async function runAll(
  options: { stream: boolean; logprobs: boolean },
  events: RunnerEvent[] = [],
): Promise<ConversationRecord[]> {
  // A fresh simulator per run: its answers depend on the seed, the request and how often it was seen.
  const server = await startSimServer({ port: 0, seed: 11, http500Rate: 0, http429Rate: 0, lossyBareValuesRate: 0.5 });
  servers.push(server);
  const client = new HttpModelClient({ baseUrl: server.url, retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 } });
  const settings = resolveSettings({
    model: 'lint-lora',
    stream: options.stream,
    logprobs: options.logprobs,
    topLogprobs: options.logprobs ? 3 : undefined,
  });
  const records: ConversationRecord[] = [];
  for (let index = 0; index < 25; index += 1) {
    const input = { node_text: `line too long in parse_${index}`, file_path: `src/module_${index}.py` };
    records.push(
      await runConversation(agent, settings, input, {
        client,
        tools: new EchoTools(),
        sink: { event: (event) => events.push(event) },
      }),
    );
  }
  return records;
}

function summary(records: ConversationRecord[]) {
  return records.map((record) => ({
    outcome: record.outcome,
    calls: record.modelCalls.map((call) => ({
      path: call.parsePath,
      parsed: call.parsedCalls,
      valid: call.allValid,
      confidence: call.insight?.toolNameConfidence ?? null,
      lost: call.insight?.lostValues ?? null,
    })),
  }));
}

describe('streaming as a setting', () => {
  it('gives the same parse paths, calls and confidence as unstreamed requests with the same seed', async () => {
    const plain = await runAll({ stream: false, logprobs: true });
    const streamed = await runAll({ stream: true, logprobs: true });
    expect(summary(streamed)).toEqual(summary(plain));
    const paths = new Set(plain.flatMap((record) => record.modelCalls.map((call) => call.parsePath)));
    expect(paths.size).toBeGreaterThan(2);
    expect(plain.some((record) => record.modelCalls.some((call) => (call.insight?.lostValues.length ?? 0) > 0))).toBe(
      true,
    );
    // What was sent says how it was asked.
    expect(streamed[0].modelCalls[0].requestParams).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      logprobs: true,
      top_logprobs: 3,
    });
    expect(plain[0].modelCalls[0].requestParams.stream).toBeUndefined();
    // Usage still arrives, in the last chunk.
    expect(streamed[0].modelCalls[0].usage).toEqual(plain[0].modelCalls[0].usage);
  });

  it('also matches without logprobs, where there is no raw output to read', async () => {
    const plain = await runAll({ stream: false, logprobs: false });
    const streamed = await runAll({ stream: true, logprobs: false });
    expect(summary(streamed)).toEqual(summary(plain));
    expect(plain[0].modelCalls[0].insight).toBeUndefined();
  });

  it('reports the text so far as model-delta events, ending with the raw output', async () => {
    const events: RunnerEvent[] = [];
    const [record] = (await runAll({ stream: true, logprobs: true }, events)).slice(0, 1);
    const firstCallEnd = events.findIndex((event) => event.type === 'model-call');
    const deltas = events
      .slice(0, firstCallEnd)
      .filter((event): event is Extract<RunnerEvent, { type: 'model-delta' }> => event.type === 'model-delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.every((delta) => delta.turn === 1)).toBe(true);
    for (let index = 1; index < deltas.length; index += 1)
      expect(deltas[index].text.startsWith(deltas[index - 1].text)).toBe(true);
    expect(deltas.at(-1)!.text).toBe(record.modelCalls[0].insight!.rawOutput);
    // Unstreamed runs send no deltas.
    const quiet: RunnerEvent[] = [];
    await runAll({ stream: false, logprobs: true }, quiet);
    expect(quiet.some((event) => event.type === 'model-delta')).toBe(false);
  });
});
