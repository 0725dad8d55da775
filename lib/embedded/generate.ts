// One generation on a context sequence: evaluate the prompt (reusing the cached prefix), sample
// until a stop token, a stop text, max tokens or cancellation, and keep each token's probability.
import type { LlamaGrammar, Token, TokenBias } from 'node-llama-cpp';
import { loadBinding } from './llama-runtime';
import type { LoadedModel } from './model-registry';
import { RemoraError } from '../errors';

export type GenerationSettings = {
  maxTokens: number;
  temperature: number;
  topK?: number;
  topP?: number;
  seed: number;
  grammar?: LlamaGrammar | null;
  /** Tokens that may never be sampled (unless a grammar requires them). */
  forbiddenTokens?: Token[];
  /** Tokens that end the generation; those in `keepTokens` stay in the text. */
  stopTokens: Token[];
  keepTokens?: Token[];
  /** Texts that end the generation when the model spells them out instead of using the token. */
  stopTexts?: string[];
  keepTexts?: string[];
  signal?: AbortSignal;
};

export type GeneratedToken = { id: Token; text: string; probability: number | null };

export type FinishReason = 'stop' | 'length' | 'cancelled';

export type GenerationResult = {
  tokens: GeneratedToken[];
  /** The output as text, control tokens written out; ends with a kept stop token, never with a dropped one. */
  text: string;
  finishReason: FinishReason;
  /** The stop token's or stop text's text (or the end-of-generation token's), null when none stopped it. */
  stoppedBy: string | null;
  promptTokens: number;
  cachedPromptTokens: number;
  timings: { queueMs: number; promptMs: number; generationMs: number };
};

/** The conversation does not fit the context: the request's fault (answered as an invalid request). */
export class PromptTooLongError extends RemoraError {
  static readonly code = 'PromptTooLongError';
  constructor(
    readonly promptTokens: number,
    readonly contextSize: number,
  ) {
    super(
      'input',
      `the prompt has ${promptTokens} tokens; ` +
        `the context holds ${contextSize} per conversation (raise the context size)`,
    );
  }
}

function findStopText(text: string, from: number, stopTexts: string[]): { index: number; stop: string } | null {
  let best: { index: number; stop: string } | null = null;
  for (const stop of stopTexts) {
    const index = text.indexOf(stop, from);
    if (index !== -1 && (best === null || index < best.index)) best = { index, stop };
  }
  return best;
}

export async function generate(
  loaded: LoadedModel,
  promptTokens: Token[],
  settings: GenerationSettings,
): Promise<GenerationResult> {
  const { model } = loaded;
  if (promptTokens.length >= loaded.contextSize) throw new PromptTooLongError(promptTokens.length, loaded.contextSize);
  const maxTokens = Math.max(0, Math.min(settings.maxTokens, loaded.contextSize - promptTokens.length));
  const stopTokens = new Set(settings.stopTokens);
  const keepTokens = new Set(settings.keepTokens ?? []);
  const stopTexts = settings.stopTexts ?? [];
  const keepTexts = new Set(settings.keepTexts ?? []);
  const longestStop = Math.max(0, ...stopTexts.map((text) => text.length));
  // A stop text can only have appeared when a token brings its last character.
  const stopEnds = new Set(stopTexts.map((text) => text.slice(-1)));

  const queueStarted = performance.now();
  const lease = await loaded.pool.acquire(promptTokens, settings.signal);
  const queueMs = performance.now() - queueStarted;
  const tokens: GeneratedToken[] = [];
  let finishReason: FinishReason = 'length';
  let stoppedBy: string | null = null;
  let text = '';
  let promptMs = 0;
  const started = performance.now();
  try {
    const { sequence } = lease;
    // At least the last prompt token is evaluated: its logits give the first output token.
    const cachedPrefix = Math.min(lease.cachedPrefix, promptTokens.length - 1);
    if (cachedPrefix < sequence.nextTokenIndex)
      await sequence.eraseContextTokenRanges([{ start: cachedPrefix, end: sequence.nextTokenIndex }]);
    if (maxTokens === 0) return finish();

    const binding = await loadBinding();
    let tokenBias: TokenBias | undefined;
    if (settings.forbiddenTokens && settings.forbiddenTokens.length > 0) {
      tokenBias = new binding.TokenBias(model.tokenizer);
      for (const token of settings.forbiddenTokens) tokenBias.set(token, 'never');
    }
    const grammarEvaluationState = settings.grammar
      ? new binding.LlamaGrammarEvaluationState({ model, grammar: settings.grammar })
      : undefined;
    const outputs = sequence.evaluateWithMetadata(
      promptTokens.slice(cachedPrefix),
      { confidence: true },
      {
        temperature: settings.temperature,
        // node-llama-cpp applies top-k 40 and top-p 0.95 unless told otherwise; OpenAI's defaults are none.
        topK: settings.topK ?? 0,
        topP: settings.topP ?? 1,
        minP: 0,
        seed: settings.seed,
        grammarEvaluationState,
        tokenBias,
        yieldEogToken: true,
      },
    );
    let checkedUpTo = 0;
    for await (const output of outputs) {
      if (tokens.length === 0) promptMs = performance.now() - started;
      const id = output.token;
      const piece = model.detokenize([id], true);
      tokens.push({ id, text: piece, probability: output.confidence ?? null });
      if (stopTokens.has(id) || model.isEogToken(id)) {
        finishReason = 'stop';
        stoppedBy = piece;
        const kept = keepTokens.has(id) ? tokens : tokens.slice(0, -1);
        text = model.detokenize(
          kept.map((token) => token.id),
          true,
        );
        break;
      }
      if (stopTexts.length > 0 && [...stopEnds].some((end) => piece.includes(end))) {
        const full = model.detokenize(
          tokens.map((token) => token.id),
          true,
        );
        const found = findStopText(full, Math.max(0, checkedUpTo - longestStop), stopTexts);
        checkedUpTo = full.length;
        if (found) {
          finishReason = 'stop';
          stoppedBy = found.stop;
          text = full.slice(0, found.index + (keepTexts.has(found.stop) ? found.stop.length : 0));
          break;
        }
      }
      if (settings.signal?.aborted) {
        finishReason = 'cancelled';
        break;
      }
      if (tokens.length >= maxTokens) break;
    }
    if (finishReason === 'length' || finishReason === 'cancelled')
      text = model.detokenize(
        tokens.map((token) => token.id),
        true,
      );
    return finish();
  } finally {
    lease.release();
  }

  function finish(): GenerationResult {
    const elapsed = performance.now() - started;
    return {
      tokens,
      text,
      finishReason,
      stoppedBy,
      promptTokens: promptTokens.length,
      cachedPromptTokens: Math.min(lease.cachedPrefix, promptTokens.length - 1),
      timings: { queueMs, promptMs, generationMs: Math.max(0, elapsed - promptMs) },
    };
  }
}
