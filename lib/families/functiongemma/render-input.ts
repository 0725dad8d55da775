// The OpenAI request shapes a client may send (`remora render`, the simulated endpoint), read
// leniently and turned into the runner's ChatMessage/ToolSpec types.
import { z } from 'zod';
import type { ChatMessage, ToolCall, ToolSpec } from '../../protocol/messages';

const ContentPart = z.object({ type: z.string(), text: z.string().optional() });
/** A string, null, or a list of parts (only text parts carry anything this format can show). */
const Content = z.union([z.string(), z.null(), z.array(ContentPart)]).optional();

const ToolCallInput = z.object({
  id: z.string().optional(),
  type: z.literal('function').optional(),
  function: z.object({
    name: z.string().min(1),
    // OpenAI sends a JSON string; Hugging Face style clients send the object itself.
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  }),
});

export const MessageInput = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: Content }),
  z.object({ role: z.literal('developer'), content: Content }),
  z.object({ role: z.literal('user'), content: Content }),
  z.object({ role: z.literal('assistant'), content: Content, tool_calls: z.array(ToolCallInput).nullish() }),
  z.object({
    role: z.literal('tool'),
    content: Content,
    tool_call_id: z.string().optional(),
    name: z.string().optional(),
  }),
]);
export type MessageInput = z.infer<typeof MessageInput>;

export const ToolInput = z.object({
  type: z.literal('function').optional(),
  function: z.object({
    name: z.string().min(1),
    description: z.string().nullish(),
    parameters: z.record(z.string(), z.unknown()).nullish(),
  }),
});
export type ToolInput = z.infer<typeof ToolInput>;

export const RenderInput = z.object({
  messages: z.array(MessageInput).min(1, 'messages must hold at least one message'),
  tools: z.array(ToolInput).nullish(),
  add_generation_prompt: z.boolean().optional(),
});
export type RenderInput = z.infer<typeof RenderInput>;

function contentText(content: z.infer<typeof Content>): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
}

export function normalizeTools(tools: ToolInput[] | null | undefined): ToolSpec[] {
  if (!tools) return [];
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.function.name,
      description: tool.function.description ?? '',
      parameters: tool.function.parameters ?? {},
    },
  }));
}

/**
 * Turns request messages into ChatMessages. `developer` becomes `system`. A tool message without a
 * name takes the name of the call it answers: by `tool_call_id`, else by position after the last
 * assistant message (as Ollama pairs them), else "unknown".
 */
export function normalizeMessages(messages: MessageInput[]): ChatMessage[] {
  const callNames = new Map<string, string>();
  let pendingCalls: string[] = [];
  let callCounter = 0;
  const result: ChatMessage[] = [];
  for (const message of messages) {
    const content = contentText(message.content);
    switch (message.role) {
      case 'system':
      case 'developer':
        result.push({ role: 'system', content });
        break;
      case 'user':
        result.push({ role: 'user', content });
        break;
      case 'assistant': {
        const toolCalls: ToolCall[] = (message.tool_calls ?? []).map((call) => {
          callCounter += 1;
          const id = call.id ?? `call_${callCounter}`;
          const args = call.function.arguments;
          callNames.set(id, call.function.name);
          return {
            id,
            type: 'function',
            function: {
              name: call.function.name,
              arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
            },
          };
        });
        pendingCalls = toolCalls.map((call) => call.function.name);
        const assistant: ChatMessage = {
          role: 'assistant',
          content: message.content === null || message.content === undefined ? null : content,
        };
        if (toolCalls.length > 0) assistant.tool_calls = toolCalls;
        result.push(assistant);
        break;
      }
      case 'tool': {
        const byId = message.tool_call_id !== undefined ? callNames.get(message.tool_call_id) : undefined;
        const byPosition = pendingCalls.shift();
        const name = message.name ?? byId ?? byPosition ?? 'unknown';
        result.push({ role: 'tool', tool_call_id: message.tool_call_id ?? '', name, content });
        break;
      }
    }
  }
  return result;
}
