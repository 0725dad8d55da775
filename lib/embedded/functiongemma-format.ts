// FunctionGemma's format in the engine: the prompt from its native renderer, stops at
// <end_function_call> (kept), <start_function_response> and <end_of_turn>, `required` constrained by
// the native call grammar (native-grammar.ts), and the output read by the native parser into the
// message a server with a FunctionGemma parser would send.
import type { Token } from 'node-llama-cpp';
import type { ToolCall } from '../protocol/messages';
import { renderPrompt } from '../families/functiongemma/render';
import { decodeNativeCalls } from '../families/functiongemma/native-decode';
import { errorMessage } from '../errors';
import { buildCallGrammar, isCallableName } from './native-grammar';
import type { LoadedModelBase } from './loaded-model';
import { END_FUNCTION_CALL, END_OF_TURN, START_FUNCTION_RESPONSE } from '../protocol/functiongemma-tokens';
import { planToolChoice, present, type ChatFormat } from './chat-format';

const SYNTAX = { callable: isCallableName, who: 'FunctionGemma', rule: ' (letters, digits, "_", "." and "-")' };

export function functionGemmaFormat(loaded: LoadedModelBase): ChatFormat {
  const ids = loaded.controlTokens;
  return {
    plan: (request, tools) => planToolChoice(request, tools, SYNTAX),

    async grammar(planned) {
      if (ids.startFunctionCall === null || ids.endFunctionCall === null || ids.escape === null)
        return (
          `tool_choice ${planned.constraint} needs FunctionGemma's control tokens, ` +
          `and ${loaded.name} lacks some: ${loaded.warnings.join('; ')}`
        );
      const text = buildCallGrammar(planned.grammarTools, {
        startFunctionCall: ids.startFunctionCall,
        endFunctionCall: ids.endFunctionCall,
        escape: ids.escape,
      });
      if (text === null) return { grammar: null };
      try {
        return { grammar: await loaded.createGrammar(text) };
      } catch (error) {
        return { failed: errorMessage(error) };
      }
    },

    promptTokens(request, tools): Token[] {
      // FunctionGemma's vocabulary holds "<bos>"; another one gets its own BOS token in front instead.
      const text = renderPrompt({ messages: request.messages, tools }, { bos: ids.bos !== null });
      const tokens = loaded.model.tokenize(text, true);
      const modelBos = loaded.model.tokens.bos;
      return ids.bos === null && modelBos !== null ? [modelBos, ...tokens] : tokens;
    },

    stops: (constraint) => ({
      forbiddenTokens: constraint === 'no_calls' ? present([ids.startFunctionCall]) : [],
      stopTokens: present([ids.endFunctionCall, ids.startFunctionResponse, ids.endOfTurn]),
      keepTokens: present([ids.endFunctionCall]),
      stopTexts: [END_FUNCTION_CALL, START_FUNCTION_RESPONSE, END_OF_TURN],
      keepTexts: [END_FUNCTION_CALL],
    }),

    read(rawText, makeId) {
      const decoded = decodeNativeCalls(rawText);
      const readable =
        decoded.found &&
        decoded.error === null &&
        decoded.calls.length > 0 &&
        decoded.calls.every((call) => !call.argumentsError);
      if (!readable) return { message: { role: 'assistant', content: rawText.trim() }, hasCalls: false };
      const toolCalls: ToolCall[] = decoded.calls.map((call) => ({
        id: makeId(),
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      }));
      return {
        message: {
          role: 'assistant',
          content: decoded.textBefore === '' ? null : decoded.textBefore,
          tool_calls: toolCalls,
        },
        hasCalls: true,
      };
    },
  };
}
