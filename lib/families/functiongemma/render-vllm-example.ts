// The chat template vLLM's docs name for FunctionGemma (examples/tool_chat_template_functiongemma.jinja),
// written from its description in spec/functiongemma.md (not its code): a plain-text "Available
// functions:" list with JSON schemas in a user turn, calls closed by <end_of_turn>, tool results as
// "Function result for NAME:" user turns, no developer role and no <bos>. The seeds served the model
// with it; training data can follow it (lib/export) and the serving tests' fake vLLM renders with it.
import type { ChatMessage, ToolSpec } from '../../protocol/messages';
import { parseJson } from '../../protocol/json';

function exampleValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The example template's layout. */
export function renderLikeExampleTemplate(
  messages: ChatMessage[],
  tools: ToolSpec[],
  addGenerationPrompt: boolean,
): string {
  let text = '';
  for (const message of messages) {
    switch (message.role) {
      case 'system': {
        text += `<start_of_turn>user\n${message.content}`;
        if (tools.length > 0) {
          text += '\n\nAvailable functions:';
          for (const tool of tools) {
            const description = tool.function.description || 'No description provided';
            text += `\n\nFunction: ${tool.function.name}\nDescription: ${description}`;
            text += `\nParameters: ${JSON.stringify(tool.function.parameters)}`;
          }
        }
        text += '\n<end_of_turn>';
        break;
      }
      case 'user':
        text += `<start_of_turn>user\n${message.content}<end_of_turn>`;
        break;
      case 'assistant':
        if (message.tool_calls?.length) {
          text += '<start_of_turn>model';
          for (const call of message.tool_calls) {
            const parsed = parseJson(call.function.arguments);
            const args =
              parsed.ok && typeof parsed.value === 'object' && parsed.value !== null
                ? (parsed.value as Record<string, unknown>)
                : {};
            const fields = Object.entries(args).map(([key, value]) => `${key}:<escape>${exampleValue(value)}<escape>`);
            text += `\n<start_function_call>call:${call.function.name}{${fields.join(',')}}<end_function_call>`;
          }
          text += '\n<end_of_turn>';
        } else {
          text += `<start_of_turn>model\n${message.content ?? ''}<end_of_turn>`;
        }
        break;
      case 'tool':
        text += `<start_of_turn>user\nFunction result for ${message.name}: ${message.content}<end_of_turn>`;
        break;
    }
  }
  return addGenerationPrompt ? `${text}<start_of_turn>model` : text;
}
