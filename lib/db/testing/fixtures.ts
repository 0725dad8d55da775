// Hand-built, real-shaped records for the storage tests.
import type { ChatMessage, ToolSpec } from '../../protocol/messages';
import type { ConversationRecord, ModelCallRecord, Outcome, ToolExecutionRecord } from '../../runner/types';
import type { ParsePath } from '../../parsing/types';
import type { RemoraDatabase } from '../client';
import type { StoredConfigJson } from '../../experiment-config/stored-config';

export const TOOLS: ToolSpec[] = [
  {
    type: 'function',
    function: {
      name: 'read_current_docstring',
      description: 'Read the docstring of the target function.',
      parameters: { type: 'object', properties: { node_name: { type: 'string' } }, required: ['node_name'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'submit_result',
      description: 'Finish with a summary.',
      parameters: {
        type: 'object',
        properties: { summary: { type: 'string' }, changed_files: { type: 'array', items: { type: 'string' } } },
        required: ['summary'],
      },
    },
  },
];

/** The docstring agent as an experiment row keeps it (lib/experiment-config/stored-config.ts). */
const AGENT_SNAPSHOT = {
  name: 'docstring',
  maxTurns: 4,
  systemPrompt: 'You document functions.',
  nodeContext: 'Document {{node_name}}.',
  textAnswerEnds: false,
  settings: {},
  tools: TOOLS.map((tool) => ({
    ...tool.function,
    script: null,
    limits: { timeoutMs: 5000, maxOutputBytes: 65536 },
  })),
};

/**
 * A stored config as the experiments table holds it, with these variants; `experiment` replaces
 * parts of its settings (a dataset, other inputs).
 */
export function experimentConfig(
  variantNames: string[] = ['baseline', 'directive'],
  experiment: Partial<StoredConfigJson['experiment']> = {},
): StoredConfigJson {
  return {
    experiment: {
      agent: 'docstring',
      endpoint: { baseUrl: 'http://127.0.0.1:8000/v1', model: 'functiongemma' },
      variants: variantNames.map((name) => ({ name, systemPrompt: `You are ${name}.`, settings: { temperature: 0 } })),
      inputs: [
        {
          node_text: 'def add(a, b):\n    return a + b',
          file_path: 'math.py',
          node_name: 'add',
          node_type: 'function',
        },
      ],
      requestsPerVariant: 10,
      concurrency: 4,
      ...experiment,
    },
    agent: AGENT_SNAPSHOT,
    tools: TOOLS,
    variants: variantNames.map((name) => ({ name })),
  };
}

/** Writes a config the schema would refuse into an experiment's row, as a damaged or foreign row holds it. */
export function overwriteConfig(database: RemoraDatabase, experimentId: string, config: unknown): void {
  database.$client.prepare('UPDATE experiments SET config = ? WHERE id = ?').run(JSON.stringify(config), experimentId);
}

export function chatResponse(
  message: Record<string, unknown>,
  usage = { prompt_tokens: 120, completion_tokens: 18, total_tokens: 138 },
) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'functiongemma',
    choices: [{ index: 0, message, finish_reason: 'tool_calls' }],
    usage,
  };
}

export function modelCall(
  turn: number,
  positions: number[],
  overrides: Partial<ModelCallRecord> = {},
): ModelCallRecord {
  return {
    turn,
    messagePositions: positions,
    requestParams: { model: 'functiongemma', temperature: 0, tool_choice: 'auto', max_tokens: 256, toolsSent: true },
    status: 'ok',
    response: chatResponse({ role: 'assistant', content: null, tool_calls: [] }),
    error: null,
    attempts: 1,
    latencyMs: 12.5 + turn,
    usage: { prompt_tokens: 100 + turn, completion_tokens: 10 + turn, total_tokens: 110 + 2 * turn },
    parsePath: 'tool_calls',
    parsedCalls: [],
    calls: [],
    allValid: false,
    startedAt: 1_700_000_000_000 + turn * 100,
    ...overrides,
  };
}

export const input = {
  node_text: 'def add(a, b):\n    return a + b',
  file_path: 'math.py',
  node_name: 'add',
  node_type: 'function',
};

export function toolCall(id: string, name: string, args: Record<string, unknown>) {
  return { id, type: 'function' as const, function: { name, arguments: JSON.stringify(args) } };
}

/**
 * A docstring conversation of three turns: read (structured tool_calls), write (JSON in content),
 * submit (native tags); three model calls, eight messages, three tool executions.
 */
export function docstringConversation(options: { outcome?: Outcome; secondPath?: ParsePath } = {}): ConversationRecord {
  const read = toolCall('call_1', 'read_current_docstring', { node_name: 'add' });
  const write = toolCall('call_2', 'write_docstring', { docstring: 'Add two numbers.' });
  const submit = toolCall('call_3', 'submit_result', { summary: 'done', changed_files: ['math.py'] });
  const messages: ChatMessage[] = [
    { role: 'system', content: 'You are a docstring agent. Always respond with a tool call.' },
    { role: 'user', content: 'Document `add` in math.py:\ndef add(a, b):\n    return a + b' },
    { role: 'assistant', content: null, tool_calls: [read] },
    { role: 'tool', tool_call_id: 'call_1', name: 'read_current_docstring', content: '{"docstring":null}' },
    { role: 'assistant', content: null, tool_calls: [write] },
    { role: 'tool', tool_call_id: 'call_2', name: 'write_docstring', content: '{"written":true}' },
    { role: 'assistant', content: 'Submitting now.', tool_calls: [submit] },
    {
      role: 'tool',
      tool_call_id: 'call_3',
      name: 'submit_result',
      content: '{"summary":"done","changed_files":["math.py"]}',
    },
  ];
  const modelCalls: ModelCallRecord[] = [
    modelCall(1, [0, 1], {
      response: chatResponse({ role: 'assistant', content: null, tool_calls: [read] }),
      parsedCalls: [{ id: 'call_1', name: 'read_current_docstring', arguments: { node_name: 'add' } }],
      calls: [{ id: 'call_1', name: 'read_current_docstring', arguments: { node_name: 'add' }, problem: null }],
      allValid: true,
    }),
    modelCall(2, [0, 1, 2, 3], {
      requestParams: {
        model: 'functiongemma',
        temperature: 0,
        tool_choice: 'auto',
        max_tokens: 256,
        toolsSent: true,
        systemSuffix: '\n\nKnown: {"docstring":null}',
      },
      response: chatResponse({
        role: 'assistant',
        content: '{"name":"write_docstring","arguments":{"docstring":"Add two numbers."}}',
      }),
      parsePath: options.secondPath ?? 'json_name_arguments',
      parsedCalls: [{ name: 'write_docstring', arguments: { docstring: 'Add two numbers.' } }],
      calls: [{ id: 'call_2', name: 'write_docstring', arguments: { docstring: 'Add two numbers.' }, problem: null }],
      allValid: true,
    }),
    modelCall(3, [0, 1, 2, 3, 4, 5], {
      requestParams: {
        model: 'functiongemma',
        temperature: 0,
        tool_choice: { type: 'function', function: { name: 'submit_result' } },
        max_tokens: 256,
        toolsSent: true,
      },
      response: chatResponse({
        role: 'assistant',
        content:
          'Submitting now.<start_function_call>call:submit_result{summary:<escape>done<escape>}<end_function_call>',
      }),
      parsePath: 'functiongemma_tags',
      parsedCalls: [{ name: 'submit_result', arguments: { summary: 'done', changed_files: ['math.py'] } }],
      calls: [
        {
          id: 'call_3',
          name: 'submit_result',
          arguments: { summary: 'done', changed_files: ['math.py'] },
          problem: null,
        },
      ],
      allValid: true,
    }),
  ];
  const toolExecutions: ToolExecutionRecord[] = [
    {
      turn: 1,
      callId: 'call_1',
      toolName: 'read_current_docstring',
      arguments: { node_name: 'add' },
      result: { docstring: null },
      summary: 'no docstring yet',
      knowledge_delta: { docstring: null },
      outcome: 'success',
      durationMs: 31.25,
    },
    {
      turn: 2,
      callId: 'call_2',
      toolName: 'write_docstring',
      arguments: { docstring: 'Add two numbers.' },
      result: { written: true },
      outcome: 'success',
      durationMs: 12,
    },
    {
      turn: 3,
      callId: 'call_3',
      toolName: 'submit_result',
      arguments: { summary: 'done', changed_files: ['math.py'] },
      result: { summary: 'done', changed_files: ['math.py'] },
      summary: 'result submitted',
      outcome: 'success',
      durationMs: 0,
    },
  ];
  return {
    input,
    messages,
    modelCalls,
    toolExecutions,
    outcome: options.outcome ?? 'submitted',
    result: { summary: 'done', changed_files: ['math.py'] },
    finalText: null,
    error: null,
    knowledge: { docstring: null },
    startedAt: 1_700_000_000_000,
    durationMs: 250.75,
  };
}

/** Where a conversation of experimentConfig() goes: its slot in variant 0 (baseline) or 1 (directive). */
export const meta = (slot: number, variantIndex = 0) => ({
  variantIndex,
  variantName: variantIndex === 0 ? 'baseline' : 'directive',
  slot,
  inputIndex: 0,
});
