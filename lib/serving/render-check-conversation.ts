// The conversations the rendered-prompt check sends: an agent's prompt as the runner builds it,
// followed by one call and its result (so that the rendering of calls and tool results is checked
// too), or the weather exchange of spec/functiongemma.md.
import type { ChatMessage, ToolSpec } from '../protocol/messages';
import type { AgentRuntime } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { initialMessages, toolMessageContent, toolSpecs } from '../runner/prompt';
import { resolveSettings } from '../runner/settings';
import { EXAMPLE_MESSAGES, WEATHER_TOOL } from '../families/functiongemma/example-exchange';
import { generateArguments, makeGenerationContext } from '../sim/argument-generator';
import { Random } from '../sim/random';

export type CheckConversation = { messages: ChatMessage[]; tools: ToolSpec[] };

export function exampleConversation(): CheckConversation {
  return { messages: structuredClone(EXAMPLE_MESSAGES), tools: [WEATHER_TOOL] };
}

/**
 * The agent's first request (system prompt, node_context filled from `input`, its tools), then a
 * call of its first tool other than submit_result with arguments drawn from its schema (fixed seed)
 * and a result in the runner's format: what its second request would look like.
 */
export function agentConversation(agent: AgentRuntime, input: ConversationInput): CheckConversation {
  const messages = initialMessages(agent, resolveSettings({ model: agent.model ?? 'check' }), input);
  const tool = agent.tools.find((candidate) => candidate.name !== 'submit_result') ?? agent.tools[0];
  if (tool) {
    const userText = messages.findLast((message) => message.role === 'user')?.content ?? '';
    const args = generateArguments(tool.parameters, makeGenerationContext(userText, new Random(1)));
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_check', type: 'function', function: { name: tool.name, arguments: JSON.stringify(args) } },
      ],
    });
    messages.push({
      role: 'tool',
      tool_call_id: 'call_check',
      name: tool.name,
      content: toolMessageContent({
        outcome: 'success',
        result: { checked: true, lines: 3 },
        summary: 'example result',
      }),
    });
  }
  return { messages, tools: toolSpecs(agent.tools) };
}
