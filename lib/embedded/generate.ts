// One generation on a context sequence: evaluate the prompt (reusing the cached prefix), sample
// until a stop token, a stop text, max tokens or cancellation, and keep each token's probability.
import type { LlamaGrammar, Token, TokenBias } from 'node-llama-cpp';
import { loadBinding } from './llama-runtime';
import type { LoadedModelBase } from './loaded-model';
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

type StopRules = {
  stopTokens: Set<Token>;
  keepTokens: Set<Token>;
  stopTexts: string[];
  keepTexts: Set<string>;
  longestStop: number;
  /** A stop text can only have appeared when a token brings its last character. */
  stopEnds: Set<string>;
};

function stopRules(settings: GenerationSettings): StopRules {
  const stopTexts = settings.stopTexts ?? [];
  return {
    stopTokens: new Set(settings.stopTokens),
    keepTokens: new Set(settings.keepTokens ?? []),
    stopTexts,
    keepTexts: new Set(settings.keepTexts ?? []),
    longestStop: Math.max(0, ...stopTexts.map((text) => text.length)),
    stopEnds: new Set(stopTexts.map((text) => text.slice(-1))),
  };
}

/** The sampler's options: the forbidden tokens as a bias, the grammar's evaluation state, OpenAI's defaults. */
async function samplingOptions(model: LoadedModelBase['model'], settings: GenerationSettings) {
  const binding = await loadBinding();
  let tokenBias: TokenBias | undefined;
  if (settings.forbiddenTokens && settings.forbiddenTokens.length > 0) {
    tokenBias = new binding.TokenBias(model.tokenizer);
    for (const token of settings.forbiddenTokens) tokenBias.set(token, 'never');
  }
  const grammarEvaluationState = settings.grammar
    ? new binding.LlamaGrammarEvaluationState({ model, grammar: settings.grammar })
    : undefined;
  return {
    temperature: settings.temperature,
    // node-llama-cpp applies top-k 40 and top-p 0.95 unless told otherwise; OpenAI's defaults are none.
    topK: settings.topK ?? 0,
    topP: settings.topP ?? 1,
    minP: 0,
    seed: settings.seed,
    grammarEvaluationState,
    tokenBias,
    yieldEogToken: true,
  };
}

type Sampled = { finishReason: FinishReason; stoppedBy: string | null; text: string };
type Output = { token: Token; confidence?: number };

/** Reads the sampled tokens into `tokens` until a stop token, a stop text, cancellation or max tokens. */
async function sampleUntilStop(
  model: LoadedModelBase['model'],
  outputs: AsyncIterable<Output>,
  tokens: GeneratedToken[],
  rules: StopRules,
  limits: { maxTokens: number; signal?: AbortSignal; onFirstToken: () => void },
): Promise<Sampled> {
  const { stopTokens, keepTokens, stopTexts, keepTexts, longestStop, stopEnds } = rules;
  let checkedUpTo = 0;
  for await (const output of outputs) {
    if (tokens.length === 0) limits.onFirstToken();
    const id = output.token;
    const piece = model.detokenize([id], true);
    tokens.push({ id, text: piece, probability: output.confidence ?? null });
    if (stopTokens.has(id) || model.isEogToken(id)) {
      const kept = keepTokens.has(id) ? tokens : tokens.slice(0, -1);
      const text = model.detokenize(
        kept.map((token) => token.id),
        true,
      );
      return { finishReason: 'stop', stoppedBy: piece, text };
    }
    if (stopTexts.length > 0 && [...stopEnds].some((end) => piece.includes(end))) {
      const full = model.detokenize(
        tokens.map((token) => token.id),
        true,
      );
      const found = findStopText(full, Math.max(0, checkedUpTo - longestStop), stopTexts);
      checkedUpTo = full.length;
      if (found) {
        const text = full.slice(0, found.index + (keepTexts.has(found.stop) ? found.stop.length : 0));
        return { finishReason: 'stop', stoppedBy: found.stop, text };
      }
    }
    if (limits.signal?.aborted) return { finishReason: 'cancelled', stoppedBy: null, text: allText() };
    if (tokens.length >= limits.maxTokens) break;
  }
  return { finishReason: 'length', stoppedBy: null, text: allText() };

  function allText(): string {
    return model.detokenize(
      tokens.map((token) => token.id),
      true,
    );
  }
}

export async function generate(
  loaded: LoadedModelBase,
  promptTokens: Token[],
  settings: GenerationSettings,
): Promise<GenerationResult> {
  const { model } = loaded;
  if (promptTokens.length >= loaded.contextSize) throw new PromptTooLongError(promptTokens.length, loaded.contextSize);
  const maxTokens = Math.max(0, Math.min(settings.maxTokens, loaded.contextSize - promptTokens.length));
  const rules = stopRules(settings);

  const queueStarted = performance.now();
  const lease = await loaded.pool.acquire(promptTokens, settings.signal);
  const queueMs = performance.now() - queueStarted;
  const tokens: GeneratedToken[] = [];
  let promptMs = 0;
  const started = performance.now();
  try {
    const { sequence } = lease;
    // At least the last prompt token is evaluated: its logits give the first output token.
    const cachedPrefix = Math.min(lease.cachedPrefix, promptTokens.length - 1);
    if (cachedPrefix < sequence.nextTokenIndex)
      await sequence.eraseContextTokenRanges([{ start: cachedPrefix, end: sequence.nextTokenIndex }]);
    if (maxTokens === 0) return finish({ finishReason: 'length', stoppedBy: null, text: '' });

    const outputs = sequence.evaluateWithMetadata(
      promptTokens.slice(cachedPrefix),
      { confidence: true },
      await samplingOptions(model, settings),
    );
    const onFirstToken = () => (promptMs = performance.now() - started);
    return finish(
      await sampleUntilStop(model, outputs, tokens, rules, { maxTokens, signal: settings.signal, onFirstToken }),
    );
  } finally {
    lease.release();
  }

  function finish(sampled: Sampled): GenerationResult {
    const elapsed = performance.now() - started;
    return {
      tokens,
      text: sampled.text,
      finishReason: sampled.finishReason,
      stoppedBy: sampled.stoppedBy,
      promptTokens: promptTokens.length,
      cachedPromptTokens: Math.min(lease.cachedPrefix, promptTokens.length - 1),
      timings: { queueMs, promptMs, generationMs: Math.max(0, elapsed - promptMs) },
    };
  }
}
