// A hand-built agent for the runner's tests (simple_tool, count and the built-in submit_result, four
// turns) and settings for model 'm'.
import type { AgentRuntime } from '../types';
import { resolveSettings } from '../settings';

const limits = { timeoutMs: 1000, maxOutputBytes: 10_000 };

export function agent(overrides: Partial<AgentRuntime> = {}): AgentRuntime {
  return {
    name: 'test-agent',
    maxTurns: 4,
    systemPrompt: 'You are a tester. Always respond with a tool call.',
    nodeContext: 'Request:\n{{ node_text }}',
    textAnswerEnds: false,
    settings: {},
    tools: [
      {
        name: 'simple_tool',
        description: 'Echo',
        parameters: {
          type: 'object',
          properties: { payload: { type: 'string' } },
          required: ['payload'],
          additionalProperties: false,
        },
        script: '/tools/simple.ts',
        limits,
      },
      {
        name: 'count',
        description: 'Count',
        parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        script: '/tools/count.ts',
        limits,
      },
      {
        name: 'submit_result',
        description: 'Finish',
        parameters: {
          type: 'object',
          properties: { summary: { type: 'string' }, changed_files: { type: 'array', items: { type: 'string' } } },
          required: ['summary'],
        },
        script: null,
        limits,
      },
    ],
    ...overrides,
  };
}

export const settings = (extra = {}) => resolveSettings({ model: 'm', ...extra });
