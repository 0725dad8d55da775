// A case as the runner's input. Its conversation so far is sent as the set gives it (same turns,
// same contents, earlier calls without results), with ids added to the earlier calls, since the
// OpenAI format pairs calls and results by id, and with object arguments written as the JSON
// string that format requires.
import type { AssistantMessage, ChatMessage, ToolCall } from '../protocol/messages';
import type { ConversationInput } from '../protocol/conversation';
import { parseJson } from '../protocol/json';
import { isRecord } from '../protocol/records';
import type { CaseMessage, DatasetCase } from './case';

/** Knowledge key holding the calls of the conversation so far, so that stateful tools can rebuild their state. */
const PRIOR_CALLS = 'prior_calls';

type PriorCall = { name: string; arguments: Record<string, unknown> };

export function caseToInput(datasetCase: Pick<DatasetCase, 'input' | 'tools'>): ConversationInput {
  if ('variables' in datasetCase.input) {
    const input: ConversationInput = { ...datasetCase.input.variables };
    if (datasetCase.tools) input.tools = datasetCase.tools;
    return input;
  }
  const messages = toChatMessages(datasetCase.input.messages);
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  const input: ConversationInput = { node_text: lastUser?.content ?? '', messages };
  if (datasetCase.tools) input.tools = datasetCase.tools;
  const prior = priorCalls(messages);
  // The set gives these calls without results, so the tools never ran them; a stateful tool (the
  // smart home) replays them from here to start from the state they describe.
  if (prior.length > 0) input.knowledge = { [PRIOR_CALLS]: prior };
  return input;
}

function toChatMessages(messages: CaseMessage[]): ChatMessage[] {
  const taken = new Set<string>();
  for (const message of messages) {
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) if (call.id) taken.add(call.id);
  }
  let counter = 0;
  const nextId = () => {
    let id: string;
    do id = `call_history_${++counter}`;
    while (taken.has(id));
    taken.add(id);
    return id;
  };
  // Calls still waiting for a result, so that a tool message without an id answers the oldest one.
  const waiting: ToolCall[] = [];
  return messages.map((message): ChatMessage => {
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content: message.content };
      case 'assistant': {
        const assistant: AssistantMessage = { role: 'assistant', content: message.content ?? null };
        if (message.tool_calls) {
          assistant.tool_calls = message.tool_calls.map((call) => ({
            id: call.id ?? nextId(),
            type: 'function',
            function: { name: call.function.name, arguments: argumentsText(call.function.arguments) },
          }));
          waiting.push(...assistant.tool_calls);
        }
        return assistant;
      }
      case 'tool': {
        const answered = message.tool_call_id ? waiting.findIndex((call) => call.id === message.tool_call_id) : 0;
        const call = answered >= 0 ? waiting.splice(answered, 1)[0] : undefined;
        return {
          role: 'tool',
          tool_call_id: message.tool_call_id ?? call?.id ?? nextId(),
          name: message.name ?? call?.function.name ?? '',
          content: message.content,
        };
      }
    }
  });
}

function argumentsText(value: Record<string, unknown> | string | undefined): string {
  if (value === undefined) return '{}';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function priorCalls(messages: ChatMessage[]): PriorCall[] {
  const calls: PriorCall[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      calls.push({ name: call.function.name, arguments: readObject(call.function.arguments) });
    }
  }
  return calls;
}

/** A call whose arguments a set wrote as broken JSON replays with none; the call itself is still sent as given. */
function readObject(text: string): Record<string, unknown> {
  const parsed = parseJson(text);
  return parsed.ok && isRecord(parsed.value) ? parsed.value : {};
}
