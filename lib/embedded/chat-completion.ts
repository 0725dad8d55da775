// An OpenAI chat completion computed in process: the request is rendered in the model family's format
// (FunctionGemma's native one, or the GGUF's own chat template: chat-format.ts), generated with the model's
// own stop tokens (and, for `required` or a named tool, a grammar that only admits a call in the family's
// syntax), and the output is read into the same message a server would send. The raw text and each token's
// probability are kept in the body's `remora` field for the transcript.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AssistantMessage } from '../protocol/messages';
import { errorMessage } from '../errors';
import {
  generate,
  PromptTooLongError,
  type FinishReason,
  type GeneratedToken,
  type GenerationResult,
} from './generate';
import type { LoadedModel } from './model-registry';
import type { Constraint, EmbeddedChatRequest } from './chat-format';

export type { EmbeddedChatRequest };

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

export async function completeChat(
  loaded: LoadedModel,
  request: EmbeddedChatRequest,
  options: CompletionOptions = {},
): Promise<CompletionOutcome> {
  if (!Array.isArray(request.messages) || request.messages.length === 0)
    return invalid('messages must hold at least one message');
  const tools = request.tools ?? [];
  const format = loaded.format;
  const planned = format.plan(request, tools);
  if ('error' in planned) return invalid(planned.error);

  let grammar = null;
  if (planned.grammarTools.length > 0) {
    const built = await format.grammar(planned);
    if (typeof built === 'string') return invalid(built);
    if ('failed' in built)
      return {
        ok: false,
        status: 500,
        type: 'server_error',
        error: `the call grammar for these tools could not be built: ${built.failed}`,
      };
    grammar = built.grammar;
  }

  const seed = request.seed ?? randomBytes(4).readUInt32LE(0);
  const maxTokens = request.max_tokens ?? options.defaultMaxTokens ?? DEFAULT_MAX_TOKENS;
  let generated;
  try {
    generated = await generate(loaded, format.promptTokens(request, tools), {
      maxTokens,
      temperature: request.temperature ?? 1,
      topK: request.top_k,
      topP: request.top_p,
      seed,
      grammar,
      ...format.stops(planned.constraint),
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

  const read = format.read(generated.text, options.newCallId ?? newCallId);
  return {
    ok: true,
    body: completionBody(loaded, request, generated, read, {
      constraint: planned.constraint,
      seed,
      finished: generated.finishReason,
    }),
  };
}

/** The OpenAI body for one generation, with the raw text, the tokens and the timings kept in `remora`. */
function completionBody(
  loaded: LoadedModel,
  request: EmbeddedChatRequest,
  generated: GenerationResult,
  read: { message: AssistantMessage; hasCalls: boolean },
  {
    constraint,
    seed,
    finished,
  }: { constraint: Constraint; seed: number; finished: Exclude<FinishReason, 'cancelled'> },
): EmbeddedCompletionBody {
  const { message, hasCalls } = read;
  const finishReason: 'tool_calls' | Exclude<FinishReason, 'cancelled'> = hasCalls ? 'tool_calls' : finished;
  const completionTokens = generated.tokens.length;
  return {
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
      constraint,
      seed,
      tokens: generated.tokens,
      cached_prompt_tokens: generated.cachedPromptTokens,
      timings_ms: {
        queue: generated.timings.queueMs,
        prompt: generated.timings.promptMs,
        generation: generated.timings.generationMs,
      },
    },
  };
}
