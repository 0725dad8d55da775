// Hand-built records of conversations that do not end well (a timed-out tool, an invalid call, a
// server that fails for good) or end with a text answer, for the storage tests.
import type { ConversationRecord, ToolExecutionRecord } from '../../runner/types';
import { chatResponse, modelCall, input, toolCall } from './fixtures';

// ToolExecutionRecord intersects ToolExecution's errorKind with its own wider one, which drops
// unknown_tool and invalid_arguments from the type; the runner records them all the same.
function dispatchProblem(kind: 'unknown_tool' | 'invalid_arguments'): ToolExecutionRecord['errorKind'] {
  return kind as unknown as ToolExecutionRecord['errorKind'];
}

/** A tool times out, an invalid call follows, then the server fails for good: outcome error. */
export function failingConversation(): ConversationRecord {
  const read = toolCall('call_1', 'read_current_docstring', { node_name: 'add' });
  const bogus = toolCall('call_2', 'delete_everything', {});
  return {
    input,
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'Document add' },
      { role: 'assistant', content: null, tool_calls: [read, bogus] },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        name: 'read_current_docstring',
        content: 'Error: the tool timed out after 10000 ms',
      },
      {
        role: 'tool',
        tool_call_id: 'call_2',
        name: 'delete_everything',
        content: 'Error: unknown tool delete_everything',
      },
    ],
    modelCalls: [
      modelCall(1, [0, 1], {
        response: chatResponse({ role: 'assistant', content: null, tool_calls: [read, bogus] }),
        parsedCalls: [
          { id: 'call_1', name: 'read_current_docstring', arguments: { node_name: 'add' } },
          { id: 'call_2', name: 'delete_everything', arguments: {} },
        ],
        calls: [
          { id: 'call_1', name: 'read_current_docstring', arguments: { node_name: 'add' }, problem: null },
          {
            id: 'call_2',
            name: 'delete_everything',
            arguments: {},
            problem: { kind: 'unknown_tool', message: 'unknown tool delete_everything' },
          },
        ],
        allValid: false,
      }),
      modelCall(2, [0, 1, 2, 3, 4], {
        status: 'error',
        response: { error: { message: 'upstream overloaded' } },
        error: 'HTTP 503: upstream overloaded (after 3 attempts)',
        attempts: 3,
        retryWaitMs: 750.5,
        usage: null,
        parsePath: null,
      }),
    ],
    toolExecutions: [
      {
        turn: 1,
        callId: 'call_1',
        toolName: 'read_current_docstring',
        arguments: { node_name: 'add' },
        result: null,
        outcome: 'error',
        error: 'the tool timed out after 10000 ms',
        errorKind: 'tool_timeout',
        durationMs: 10000.5,
      },
      {
        turn: 1,
        callId: 'call_2',
        toolName: 'delete_everything',
        arguments: {},
        result: null,
        outcome: 'error',
        error: 'unknown tool delete_everything',
        errorKind: dispatchProblem('unknown_tool'),
        durationMs: 0,
      },
    ],
    outcome: 'error',
    result: null,
    finalText: null,
    error: 'HTTP 503: upstream overloaded (after 3 attempts)',
    knowledge: {},
    startedAt: 1_700_000_001_000,
    durationMs: 10400,
  };
}

/** A conversation that ends with a text answer after one response. */
export function textConversation(): ConversationRecord {
  return {
    input: { node_text: 'x = 1' },
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'x = 1' },
      { role: 'assistant', content: 'I cannot help with that.' },
    ],
    modelCalls: [
      modelCall(1, [0, 1], {
        response: chatResponse({ role: 'assistant', content: 'I cannot help with that.' }),
        parsePath: 'text',
        usage: null,
      }),
    ],
    toolExecutions: [],
    outcome: 'no_tool_call',
    result: null,
    finalText: 'I cannot help with that.',
    error: null,
    knowledge: {},
    startedAt: 1_700_000_000_000,
    durationMs: 20,
  };
}
