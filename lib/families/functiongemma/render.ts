// Renders OpenAI-shaped messages as FunctionGemma's own chat template does (spec/functiongemma.md).
//
// Reading of the template (Google's FunctionGemma template as shipped with the model and in LiteRT-LM):
// - `<bos>`, then a `developer` turn when there are tools or a leading system message. It holds the
//   system text (trimmed) with the declarations written directly after it, no newline between.
// - The template itself does not write "You are a model that can do function calling with the
//   following functions": Google's examples pass that line as the developer message. Since Google
//   calls the line required for tool use, this renderer adds it when tools are given and the system
//   text does not already contain it: alone when there is no system text (which reproduces the
//   example exchange byte for byte), else after the system text and a blank line, so that the line is
//   still followed directly by the declarations. `functionCallingLine: 'never'` renders what the
//   bare template renders.
// - Assistant messages are `model` turns: trimmed text, then the calls. A call is not followed by
//   `<end_of_turn>`: the `role: tool` results that follow are written as function responses in the
//   same turn, and a later assistant message continues that turn (no new `<start_of_turn>model`).
// - Generation prompt: after a user (or text-only assistant) message, `<start_of_turn>model\n`.
//   After tool results, nothing: the model continues its own turn, as the template does. After a
//   call with no result yet, `<start_function_response>`, as the template does.
// Deviations where the template would fail or produce a broken prompt (documented choices):
// - A user message after tool results: the template neither closes the model turn nor opens a user
//   turn; here the model turn is closed with `<end_of_turn>` first.
// - A call not followed by a result (the template raises an error): the turn is closed.
// - A tool result with no call before it: a model turn is opened for it.
// - A system message after the first: written as a `developer` turn.
import type { ChatMessage, ToolSpec } from '../../protocol/messages';
import { encodeCall, encodeDeclaration, encodeToolMessage } from './encode';
import {
  BOS,
  END_FUNCTION_CALL,
  END_OF_TURN,
  FUNCTION_GEMMA_CONTROL_TOKENS,
  START_FUNCTION_CALL,
  START_FUNCTION_RESPONSE,
  START_OF_TURN,
} from '../../protocol/functiongemma-tokens';
import { parseJson } from '../../protocol/json';

export const FUNCTION_CALLING_LINE = 'You are a model that can do function calling with the following functions';

export type RenderOptions = {
  /** Open the model's turn at the end (default true). */
  addGenerationPrompt?: boolean;
  /** Start with `<bos>` (default true). Engines that add BOS themselves want false. */
  bos?: boolean;
  /** Add the function-calling line when tools are given and the system text lacks it (default), or never. */
  functionCallingLine?: 'when-missing' | 'never';
};

type TurnState = 'closed' | 'after-call' | 'after-response';

function developerText(systemText: string | null, hasTools: boolean, lineMode: 'when-missing' | 'never'): string {
  const text = systemText ?? '';
  if (!hasTools || lineMode === 'never' || text.includes(FUNCTION_CALLING_LINE)) return text;
  return text === '' ? FUNCTION_CALLING_LINE : `${text}\n\n${FUNCTION_CALLING_LINE}`;
}

function callArguments(raw: string): Record<string, unknown> | string {
  const parsed = parseJson(raw === '' ? '{}' : raw);
  if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value)) {
    return parsed.value as Record<string, unknown>;
  }
  return raw;
}

export function renderPrompt(
  { messages, tools }: { messages: ChatMessage[]; tools?: ToolSpec[] },
  options: RenderOptions = {},
): string {
  const parts: string[] = [];
  if (options.bos ?? true) parts.push(BOS);

  const hasTools = (tools?.length ?? 0) > 0;
  const first = messages[0];
  const systemText = first?.role === 'system' ? first.content.trim() : null;
  if (hasTools || systemText !== null) {
    parts.push(
      `${START_OF_TURN}developer\n`,
      developerText(systemText, hasTools, options.functionCallingLine ?? 'when-missing'),
    );
    for (const tool of tools ?? []) parts.push(encodeDeclaration(tool));
    parts.push(`${END_OF_TURN}\n`);
  }

  let state: TurnState = 'closed';
  const closeOpenTurn = () => {
    if (state !== 'closed') parts.push(`${END_OF_TURN}\n`);
    state = 'closed';
  };

  for (let index = systemText !== null ? 1 : 0; index < messages.length; index += 1) {
    const message = messages[index];
    switch (message.role) {
      case 'system':
      case 'user':
        closeOpenTurn();
        parts.push(
          `${START_OF_TURN}${message.role === 'user' ? 'user' : 'developer'}\n` +
            `${message.content.trim()}${END_OF_TURN}\n`,
        );
        break;
      case 'assistant': {
        if (state !== 'after-response') {
          closeOpenTurn();
          parts.push(`${START_OF_TURN}model\n`);
        }
        if (message.content) parts.push(message.content.trim());
        const calls = message.tool_calls ?? [];
        for (const call of calls) {
          const args = callArguments(call.function.arguments);
          // Arguments that are not a JSON object are written as they came, as the template writes a string.
          parts.push(
            typeof args === 'string'
              ? `${START_FUNCTION_CALL}call:${call.function.name}{${args}}${END_FUNCTION_CALL}`
              : encodeCall(call.function.name, args),
          );
        }
        if (calls.length > 0) state = 'after-call';
        else {
          parts.push(`${END_OF_TURN}\n`);
          state = 'closed';
        }
        break;
      }
      case 'tool':
        if (state === 'closed') parts.push(`${START_OF_TURN}model\n`);
        parts.push(encodeToolMessage(message.name, message.content));
        state = 'after-response';
        break;
    }
  }

  if (options.addGenerationPrompt ?? true) {
    if (state === 'after-call') parts.push(START_FUNCTION_RESPONSE);
    else if (state === 'closed') parts.push(`${START_OF_TURN}model\n`);
  }
  return parts.join('');
}

// The tokens are plain <word>s: joined as they are, they make the pattern.
const CONTROL_TOKEN_PATTERN = new RegExp([BOS, '<eos>', '<pad>', ...FUNCTION_GEMMA_CONTROL_TOKENS].join('|'), 'g');

/**
 * A rough token count, since no tokenizer ships with the project: each control token counts 1 and
 * the text between them about 4 characters a token (rounded up per stretch). The Gemma 3 tokenizer
 * can differ from this by a good margin, especially for code; use it for budgets and previews, not
 * for billing.
 */
export function countTokensEstimate(text: string): number {
  let count = 0;
  let last = 0;
  CONTROL_TOKEN_PATTERN.lastIndex = 0;
  for (let match = CONTROL_TOKEN_PATTERN.exec(text); match !== null; match = CONTROL_TOKEN_PATTERN.exec(text)) {
    count += 1 + Math.ceil((match.index - last) / 4);
    last = match.index + match[0].length;
  }
  return count + Math.ceil((text.length - last) / 4);
}
