// How a conversation ends when its model call fails, is cancelled, or brings an answer that breaks
// reading it: the call is always recorded, with its status and reason.
import { describe, expect, it } from 'vitest';
import { runConversation } from './run-conversation';
import { resolveSettings } from './settings';
import type { AgentRuntime, ModelCallOutcome, ModelClient } from './types';
import type { ToolExecutor } from '../tools/protocol';

const agent: AgentRuntime = {
  name: 'test-agent',
  maxTurns: 2,
  systemPrompt: 'You are a tester.',
  nodeContext: '{{ node_text }}',
  textAnswerEnds: false,
  settings: {},
  tools: [
    {
      name: 'submit_result',
      description: 'Finish',
      parameters: { type: 'object', properties: { summary: { type: 'string' } } },
      script: null,
      limits: { timeoutMs: 1000, maxOutputBytes: 1000 },
    },
  ],
};
const tools: ToolExecutor = {
  execute: async () => ({ outcome: 'success', result: null, durationMs: 0 }),
  close: async () => {},
};
const settings = resolveSettings({ model: 'm' });
const input = { node_text: 'hi' };

/** A client whose one answer is given by a function of the request's signal. */
function client(answer: (signal?: AbortSignal) => Promise<ModelCallOutcome>): ModelClient {
  return { complete: (_request, signal) => answer(signal) };
}

describe('a model call that does not bring a usable answer', () => {
  it('cut short by a cancel: the call is recorded as cancelled, not as a model error', async () => {
    const controller = new AbortController();
    const cancelled = client(async (signal) => {
      controller.abort();
      return { ok: false, error: signal?.aborted ? 'request cancelled' : 'unexpected', latencyMs: 1, attempts: 1 };
    });
    const record = await runConversation(agent, settings, input, {
      client: cancelled,
      tools,
      signal: controller.signal,
    });
    expect(record.outcome).toBe('cancelled');
    expect(record.error).toBeNull();
    expect(record.modelCalls).toMatchObject([{ status: 'cancelled', error: 'request cancelled' }]);
  });

  it('failed without a cancel: an error on the call and on the conversation', async () => {
    const failed = client(async () => ({
      ok: false,
      error: 'model server answered 502: bad gateway',
      status: 502,
      latencyMs: 1,
      attempts: 3,
    }));
    const record = await runConversation(agent, settings, input, { client: failed, tools });
    expect(record).toMatchObject({ outcome: 'error', error: 'model server answered 502: bad gateway' });
    expect(record.modelCalls).toMatchObject([{ status: 'error', attempts: 3 }]);
  });

  it('an answer that breaks reading it: an error on that call with the reason, never a crash', async () => {
    const body = {
      get choices(): never {
        throw new Error('a hostile getter');
      },
    };
    const hostile = client(async () => ({ ok: true, body, latencyMs: 1, attempts: 1 }));
    const record = await runConversation(agent, settings, input, { client: hostile, tools });
    expect(record.outcome).toBe('error');
    expect(record.error).toBe("could not read the model's answer: a hostile getter");
    expect(record.modelCalls).toMatchObject([
      { turn: 1, status: 'error', error: "could not read the model's answer: a hostile getter", parsePath: null },
    ]);
  });
});
