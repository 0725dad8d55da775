// An OpenAI chat completion computed in process: the request is rendered in FunctionGemma's native
// format, generated with the model's own stop tokens (and, for `required` or a named tool, a
// grammar that only admits a native call), and the output is parsed by the native parser into the
// same message a server would send. The raw text and each token's probability are kept in the
// body's `remora` field for the transcript.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Token } from 'node-llama-cpp';
import type { AssistantMessage, ChatRequest, ToolCall, ToolSpec } from '../protocol/messages';
import { renderPrompt } from '../families/functiongemma/render';
import { decodeNativeCalls } from '../families/functiongemma/native-decode';
import { errorMessage } from '../errors';
import { buildCallGrammar, isCallableName } from './native-grammar';
import { generate, PromptTooLongError, type FinishReason, type GeneratedToken } from './generate';
import type { LoadedModel } from './model-registry';
import { END_FUNCTION_CALL, END_OF_TURN, START_FUNCTION_RESPONSE } from '../protocol/functiongemma-tokens';

/** The request fields the engine reads: the runner's ChatRequest plus what OpenAI clients may add. */
export type EmbeddedChatRequest = ChatRequest & { seed?: number; logprobs?: boolean };

type Constraint = 'auto' | 'required' | 'named' | 'no_calls';

type EmbeddedDetails = {
  engine: 'embedded';
  model_file: string;
  /** The model's output as generated, control tokens written out (a kept `<end_function_call>` included). */
  raw_text: string;
  stopped_by: string | null;
  constraint: Constraint;
  seed: number;
  tokens: GeneratedToken[];
  cached_prompt_tokens: number;
  timings_ms: { queue: number; prompt: number; generation: number };
};

export type EmbeddedCompletionBody = {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: [
    {
      index: 0;
      message: AssistantMessage;
      finish_reason: 'tool_calls' | 'stop' | 'length';
      logprobs: { content: { token: string; logprob: number | null; top_logprobs: [] }[] } | null;
    },
  ];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  remora: EmbeddedDetails;
};

export type CompletionOutcome =
  | { ok: true; body: EmbeddedCompletionBody }
  | { ok: false; status: number; type: 'invalid_request_error' | 'server_error' | 'cancelled'; error: string };

export type CompletionOptions = {
  signal?: AbortSignal;
  /** max_tokens when the request gives none. */
  defaultMaxTokens?: number;
  newCallId?: () => string;
};

const DEFAULT_MAX_TOKENS = 1024;

function invalid(error: string): CompletionOutcome {
  return { ok: false, status: 400, type: 'invalid_request_error', error };
}

function newCallId(): string {
  return `call_${randomBytes(12).toString('hex')}`;
}

type Plan = { constraint: Constraint; grammarTools: ToolSpec[] } | { error: string };

function plan(request: EmbeddedChatRequest, tools: ToolSpec[]): Plan {
  const choice = request.tool_choice ?? 'auto';
  if (choice === 'auto') return { constraint: 'auto', grammarTools: [] };
  if (choice === 'none') return { constraint: 'no_calls', grammarTools: [] };
  if (tools.length === 0) return { error: `tool_choice ${JSON.stringify(choice)} needs tools in the request` };
  const callable = tools.filter((tool) => isCallableName(tool.function.name));
  if (choice === 'required') {
    if (callable.length === 0)
      return { error: 'no tool has a name FunctionGemma can call (letters, digits, "_", "." and "-")' };
    return { constraint: 'required', grammarTools: callable };
  }
  const name = choice.function.name;
  const tool = tools.find((candidate) => candidate.function.name === name);
  if (!tool)
    return {
      error:
        `tool_choice names "${name}", which is not among the request's tools ` +
        `(${tools.map((entry) => entry.function.name).join(', ')})`,
    };
  if (!isCallableName(name))
    return {
      error:
        `the tool name "${name}" cannot be written in FunctionGemma's call syntax ` +
        '(letters, digits, "_", "." and "-")',
    };
  return { constraint: 'named', grammarTools: [tool] };
}

/** The assistant message a server with a FunctionGemma parser would send for this output. */
function messageFromOutput(
  rawText: string,
  makeId: () => string = newCallId,
): { message: AssistantMessage; hasCalls: boolean } {
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
}

function promptTokens(loaded: LoadedModel, request: EmbeddedChatRequest, tools: ToolSpec[]): Token[] {
  const { bos } = loaded.controlTokens;
  // FunctionGemma's vocabulary holds "<bos>"; another one gets its own BOS token in front instead.
  const text = renderPrompt({ messages: request.messages, tools }, { bos: bos !== null });
  const tokens = loaded.model.tokenize(text, true);
  const modelBos = loaded.model.tokens.bos;
  return bos === null && modelBos !== null ? [modelBos, ...tokens] : tokens;
}

function present(tokens: (Token | null)[]): Token[] {
  return tokens.filter((token): token is Token => token !== null);
}

export async function completeChat(
  loaded: LoadedModel,
  request: EmbeddedChatRequest,
  options: CompletionOptions = {},
): Promise<CompletionOutcome> {
  if (!Array.isArray(request.messages) || request.messages.length === 0)
    return invalid('messages must hold at least one message');
  const tools = request.tools ?? [];
  const planned = plan(request, tools);
  if ('error' in planned) return invalid(planned.error);
  const ids = loaded.controlTokens;

  let grammar = null;
  if (planned.grammarTools.length > 0) {
    if (ids.startFunctionCall === null || ids.endFunctionCall === null || ids.escape === null) {
      return invalid(
        `tool_choice ${planned.constraint} needs FunctionGemma's control tokens, ` +
          `and ${loaded.name} lacks some: ${loaded.warnings.join('; ')}`,
      );
    }
    const text = buildCallGrammar(planned.grammarTools, {
      startFunctionCall: ids.startFunctionCall,
      endFunctionCall: ids.endFunctionCall,
      escape: ids.escape,
    });
    if (text !== null) {
      try {
        grammar = await loaded.createGrammar(text);
      } catch (error) {
        return {
          ok: false,
          status: 500,
          type: 'server_error',
          error: `the call grammar for these tools could not be built: ${errorMessage(error)}`,
        };
      }
    }
  }

  const seed = request.seed ?? randomBytes(4).readUInt32LE(0);
  const maxTokens = request.max_tokens ?? options.defaultMaxTokens ?? DEFAULT_MAX_TOKENS;
  let generated;
  try {
    const prompt = promptTokens(loaded, request, tools);
    generated = await generate(loaded, prompt, {
      maxTokens,
      temperature: request.temperature ?? 1,
      topK: request.top_k,
      topP: request.top_p,
      seed,
      grammar,
      forbiddenTokens: planned.constraint === 'no_calls' ? present([ids.startFunctionCall]) : [],
      stopTokens: present([ids.endFunctionCall, ids.startFunctionResponse, ids.endOfTurn]),
      keepTokens: present([ids.endFunctionCall]),
      stopTexts: [END_FUNCTION_CALL, START_FUNCTION_RESPONSE, END_OF_TURN],
      keepTexts: ['<end_function_call>'],
      signal: options.signal,
    });
  } catch (error) {
    if (PromptTooLongError.is(error)) return invalid(error.message);
    if (options.signal?.aborted) return { ok: false, status: 499, type: 'cancelled', error: 'request cancelled' };
    return {
      ok: false,
      status: 500,
      type: 'server_error',
      error: `the embedded engine failed: ${errorMessage(error)}`,
    };
  }
  if (generated.finishReason === 'cancelled')
    return { ok: false, status: 499, type: 'cancelled', error: 'request cancelled' };

  const { message, hasCalls } = messageFromOutput(generated.text, options.newCallId);
  const finishReason: 'tool_calls' | Exclude<FinishReason, 'cancelled'> = hasCalls
    ? 'tool_calls'
    : generated.finishReason;
  const completionTokens = generated.tokens.length;
  return {
    ok: true,
    body: {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model || loaded.name,
      choices: [
        {
          index: 0,
          message,
          finish_reason: finishReason,
          logprobs: request.logprobs
            ? {
                content: generated.tokens.map((token) => ({
                  token: token.text,
                  logprob: token.probability === null ? null : Math.log(token.probability),
                  top_logprobs: [],
                })),
              }
            : null,
        },
      ],
      usage: {
        prompt_tokens: generated.promptTokens,
        completion_tokens: completionTokens,
        total_tokens: generated.promptTokens + completionTokens,
      },
      remora: {
        engine: 'embedded',
        model_file: loaded.path,
        raw_text: generated.text,
        stopped_by: generated.stoppedBy,
        constraint: planned.constraint,
        seed,
        tokens: generated.tokens,
        cached_prompt_tokens: generated.cachedPromptTokens,
        timings_ms: {
          queue: generated.timings.queueMs,
          prompt: generated.timings.promptMs,
          generation: generated.timings.generationMs,
        },
      },
    },
  };
}
