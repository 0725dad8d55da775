// Real-shaped conversation records for the panel benchmark: what the harness agent's runs store
// (system and user messages, assistant calls by every parse path, tool results, tool errors,
// failed requests, usage, raw responses of a few hundred bytes), drawn from a seeded generator
// with different rates per variant, so that the aggregates have realistic spread.
import type { ChatMessage, ToolCall } from '../lib/protocol/messages';
import type { SpecParsePath as ParsePath } from '../lib/parsing/types';
import type { ConversationRecord, ModelCallRecord, ToolExecutionRecord } from '../lib/runner/types';
import type { ConversationInput } from '../lib/protocol/conversation';
import { seededRandom } from '../lib/metrics/random';

/** How a variant behaves: the share of each parse path among its responses, and its failure rates. */
export type VariantProfile = {
  name: string;
  paths: Partial<Record<ParsePath, number>>;
  toolErrorRate: number;
  requestFailureRate: number;
  latencyMs: number;
};

export const PROFILES: VariantProfile[] = [
  {
    name: 'baseline',
    paths: {
      tool_calls: 0.8,
      json_name_arguments: 0.04,
      json_name_parameters: 0.02,
      json_tool_calls: 0.02,
      json_array: 0.02,
      functiongemma_tags: 0.03,
      text: 0.04,
      empty: 0.02,
      malformed: 0.01,
    },
    toolErrorRate: 0.05,
    requestFailureRate: 0.004,
    latencyMs: 40,
  },
  {
    name: 'directive',
    paths: {
      tool_calls: 0.84,
      json_name_arguments: 0.03,
      json_name_parameters: 0.02,
      json_tool_calls: 0.02,
      json_array: 0.02,
      functiongemma_tags: 0.03,
      text: 0.02,
      empty: 0.01,
      malformed: 0.01,
    },
    toolErrorRate: 0.04,
    requestFailureRate: 0.004,
    latencyMs: 45,
  },
  { name: 'required', paths: { tool_calls: 1 }, toolErrorRate: 0.02, requestFailureRate: 0.002, latencyMs: 55 },
];

const SYSTEM_PROMPT =
  'You are a tool-calling model working on:\n' +
  '<task_description>You are a harness agent. Given a request, call simple_tool with the request as ' +
  'its payload, read the result, then call submit_result with a one-line summary and the files you ' +
  'changed.</task_description>\n' +
  '\n' +
  'Respond to the conversation history by generating an appropriate tool call that satisfies the user ' +
  'request. Generate only the tool call according to the provided tool schema, do not generate ' +
  'anything else. Always respond with a tool call.';

const NO_CALL_PATHS = new Set<ParsePath>(['text', 'empty', 'malformed']);

function pick<Key extends string>(random: () => number, weights: Partial<Record<Key, number>>): Key {
  const entries = Object.entries(weights) as [Key, number][];
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = random() * total;
  for (const [key, weight] of entries) {
    draw -= weight;
    if (draw <= 0) return key;
  }
  return entries[entries.length - 1][0];
}

function contentFor(path: ParsePath, name: string, args: Record<string, unknown>): string | null {
  const json = JSON.stringify(args);
  switch (path) {
    case 'tool_calls':
      return null;
    case 'json_name_arguments':
      return `{"name": "${name}", "arguments": ${json}}`;
    case 'json_name_parameters':
      return `\`\`\`json\n{"name": "${name}", "parameters": ${json}}\n\`\`\``;
    case 'json_tool_calls':
      return `{"tool_calls": [{"function": {"name": "${name}", "arguments": ${json}}}]}`;
    case 'json_array':
      return `[{"name": "${name}", "arguments": ${json}}]`;
    case 'functiongemma_tags':
      return (
        `<start_function_call>call:${name}{payload:<escape>${String(args.payload ?? args.summary ?? '')}<escape>}` +
        '<end_function_call>'
      );
    case 'text':
      return 'I have looked at the request and it seems fine. Nothing else to do here.';
    case 'empty':
      return '';
    case 'malformed':
      return '{"name": "simple_tool", "arguments": {"payload": "unterminated';
  }
}

/** One conversation of the harness agent (two turns at most: a tool, then submit_result). */
export function makeConversation(
  profile: VariantProfile,
  slot: number,
  input: ConversationInput,
  seed: number,
): ConversationRecord {
  const random = seededRandom(seed);
  const started = 1_700_000_000_000 + slot * 37;
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Handle this request:\n${input.node_text}` },
  ];
  const modelCalls: ModelCallRecord[] = [];
  const toolExecutions: ToolExecutionRecord[] = [];
  let outcome: ConversationRecord['outcome'] = 'turn_limit';
  let result: Record<string, unknown> | null = null;
  let finalText: string | null = null;
  let error: string | null = null;
  let elapsed = 0;

  for (let turn = 1; turn <= 2; turn++) {
    const positions = messages.map((_message, index) => index);
    const latencyMs = Math.round(profile.latencyMs * (0.4 + random() * random() * 4) * 1000) / 1000;
    elapsed += latencyMs + 1;
    const requestParams = {
      model: 'functiongemma-270m-it',
      temperature: 0,
      tool_choice: profile.name === 'required' ? 'required' : 'auto',
      toolsSent: true,
    } as ModelCallRecord['requestParams'];
    if (random() < profile.requestFailureRate) {
      modelCalls.push({
        turn,
        messagePositions: positions,
        requestParams,
        status: 'error',
        response: { error: { message: 'upstream timed out' } },
        error: 'HTTP 503: upstream timed out',
        attempts: 3,
        latencyMs,
        usage: null,
        parsePath: null,
        parsedCalls: [],
        calls: [],
        allValid: false,
        startedAt: started + elapsed,
      });
      outcome = 'error';
      error = 'the model server failed after 3 attempts: HTTP 503: upstream timed out';
      break;
    }
    const path = pick(random, profile.paths);
    const name = turn === 1 ? 'simple_tool' : 'submit_result';
    const args =
      turn === 1
        ? { payload: input.node_text.slice(0, 40) }
        : { summary: `handled request ${slot}`, changed_files: [] };
    const content = contentFor(path, name, args);
    const callId = `call_${seed.toString(36)}_${turn}`;
    const toolCalls: ToolCall[] = NO_CALL_PATHS.has(path)
      ? []
      : [{ id: callId, type: 'function', function: { name, arguments: JSON.stringify(args) } }];
    const usage = {
      prompt_tokens: 180 + turn * 60,
      completion_tokens: 12 + Math.floor(random() * 20),
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const message =
      path === 'tool_calls'
        ? { role: 'assistant', content: null, tool_calls: toolCalls }
        : { role: 'assistant', content };
    const invalid = toolCalls.length > 0 && random() < profile.toolErrorRate / 2;
    modelCalls.push({
      turn,
      messagePositions: positions,
      requestParams,
      status: 'ok',
      response: {
        id: `chatcmpl-${seed}-${turn}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'functiongemma-270m-it',
        choices: [{ index: 0, message, finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop' }],
        usage,
      },
      error: null,
      attempts: 1,
      latencyMs,
      usage,
      parsePath: path,
      parsedCalls: toolCalls.map((call) => ({ id: call.id, name: call.function.name, arguments: args })),
      calls: toolCalls.map((call) => ({
        id: call.id,
        name: call.function.name,
        arguments: args,
        problem: invalid ? { kind: 'invalid_arguments' as const, message: 'payload: must be string' } : null,
      })),
      allValid: toolCalls.length > 0 && !invalid,
      startedAt: started + elapsed,
    });
    if (toolCalls.length === 0) {
      messages.push({ role: 'assistant', content });
      outcome = 'no_tool_call';
      finalText = content;
      break;
    }
    messages.push({ role: 'assistant', content, tool_calls: toolCalls });
    const failed = invalid || random() < profile.toolErrorRate / 2;
    const errorKind = invalid ? 'invalid_arguments' : failed ? 'tool_failed' : undefined;
    const toolError = errorKind === 'invalid_arguments' ? 'payload: must be string' : 'the tool exited with code 1';
    const toolResult: Record<string, unknown> = failed
      ? { error: toolError }
      : turn === 1
        ? { echoed: args.payload, length: String(args.payload).length }
        : args;
    messages.push({ role: 'tool', tool_call_id: callId, name, content: JSON.stringify(toolResult) });
    toolExecutions.push({
      turn,
      callId,
      toolName: name,
      arguments: args,
      result: toolResult,
      outcome: failed ? 'error' : 'success',
      durationMs: 2 + random() * 6,
      ...(failed ? { error: toolError, errorKind } : { summary: turn === 1 ? 'echoed the payload' : 'submitted' }),
    } as ToolExecutionRecord);
    if (turn === 2 && !failed) {
      outcome = 'submitted';
      result = args;
    }
  }
  return {
    input,
    messages,
    modelCalls,
    toolExecutions,
    outcome,
    result,
    finalText,
    error,
    knowledge: {},
    startedAt: started,
    durationMs: elapsed + 3,
  };
}
