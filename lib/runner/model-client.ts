import OpenAI from 'openai';
import type { ChatRequest } from './messages';
import type { ModelCallOutcome, ModelClient, RunnerSettings } from './types';
import { errorMessage } from '../errors';

export type HttpModelClientOptions = {
  /** OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1 */
  baseUrl: string;
  /** The key itself, read by the caller from the environment variable the endpoint names. */
  apiKey?: string;
  retry: RunnerSettings['retry'];
  timeoutMs?: number;
  /** Extra body fields for every request (vLLM's top_k, logprobs...). */
  extraBody?: Record<string, unknown>;
};

type Attempt =
  | { ok: true; body: unknown }
  | { ok: false; error: string; status?: number; body?: unknown; retryable: boolean; retryAfterMs?: number };

/**
 * Talks to any OpenAI-compatible /v1/chat/completions. Retries connection errors, 429 and 5xx
 * with exponential backoff; the SDK's own retries are off so that attempts are counted here.
 */
export class HttpModelClient implements ModelClient {
  private readonly client: OpenAI;
  private readonly options: HttpModelClientOptions;

  constructor(options: HttpModelClientOptions) {
    this.options = options;
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // Local servers ignore the key; the SDK refuses an empty one.
      apiKey: options.apiKey || 'not-needed',
      maxRetries: 0,
      timeout: options.timeoutMs ?? 120_000,
    });
  }

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<ModelCallOutcome> {
    const started = performance.now();
    const { attempts: maxAttempts } = this.options.retry;
    let last: Attempt = { ok: false, error: 'no attempt made', retryable: false };
    let attempt = 0;
    while (attempt < maxAttempts) {
      attempt += 1;
      last = await this.attempt(request, signal);
      if (last.ok || !last.retryable || attempt >= maxAttempts || signal?.aborted) break;
      await sleep(this.backoff(attempt, last.retryAfterMs), signal);
    }
    const latencyMs = performance.now() - started;
    if (last.ok) return { ok: true, body: last.body, latencyMs, attempts: attempt };
    const suffix = attempt > 1 ? ` (after ${attempt} attempts)` : '';
    return { ok: false, error: last.error + suffix, status: last.status, body: last.body, latencyMs, attempts: attempt };
  }

  private async attempt(request: ChatRequest, signal?: AbortSignal): Promise<Attempt> {
    try {
      const body = { ...this.options.extraBody, ...request } as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming;
      const response = await this.client.chat.completions.create(body, { signal });
      const problem = checkCompletionShape(response);
      if (problem) return { ok: false, error: problem, body: response, retryable: false };
      return { ok: true, body: response };
    } catch (error) {
      return describeFailure(error);
    }
  }

  private backoff(attempt: number, retryAfterMs?: number): number {
    const { baseDelayMs, maxDelayMs } = this.options.retry;
    if (retryAfterMs !== undefined) return Math.min(retryAfterMs, maxDelayMs);
    const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    // Full jitter keeps many concurrent conversations from retrying in lockstep.
    return Math.random() * exponential;
  }
}

function describeFailure(error: unknown): Attempt {
  if (error instanceof OpenAI.APIUserAbortError) return { ok: false, error: 'request cancelled', retryable: false };
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = error.cause ? `: ${errorMessage(error.cause)}` : '';
    return { ok: false, error: `cannot reach the model server (${error.message}${cause})`, retryable: true };
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    const retryable = status === undefined || status === 429 || status >= 500;
    const retryAfter = Number(error.headers?.get?.('retry-after'));
    return {
      ok: false,
      status,
      error: `model server answered ${status ?? 'with an error'}: ${serverMessage(error)}`,
      body: error.error,
      retryable,
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined,
    };
  }
  return { ok: false, error: `model request failed: ${errorMessage(error)}`, retryable: false };
}

function serverMessage(error: InstanceType<typeof OpenAI.APIError>): string {
  const body = error.error as { message?: unknown } | undefined;
  if (body && typeof body.message === 'string') return body.message;
  return error.message;
}

/** A 200 answer must still be a chat completion; anything else is the server's fault, not the model's. */
export function checkCompletionShape(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return `model server returned a non-JSON body: ${preview(body)}`;
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return `model server response has no choices: ${preview(body)}`;
  const message = (choices[0] as { message?: unknown })?.message;
  if (typeof message !== 'object' || message === null) return `model server response has no message: ${preview(body)}`;
  return null;
}

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
