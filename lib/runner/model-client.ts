import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { DEFAULT_ANSWER_LIMITS, decompressedTooLargeReason, tooLargeReason, type AnswerLimits } from './answer-bounds';
import { decode, interpret, interpretStream, type Attempt } from './answer-read';
import type { ChatRequest } from '../protocol/messages';
import type { ModelCallOutcome, ModelClient, RunnerSettings, StreamListener } from './types';
import { errorMessage } from '../errors';
import { BodyTooLargeError, readBounded } from '../http/bounded-body';
import { StreamAssembler } from './stream-assembler';
import { sleep } from '../sleep';
import { DEFAULT_REQUEST_TIMEOUTS, timeoutReason, type RequestTimeouts } from './request-timeouts';

export type HttpModelClientOptions = {
  /** OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1 */
  baseUrl: string;
  /** The key itself, read by the caller from the environment variable the endpoint names. */
  apiKey?: string;
  retry: RunnerSettings['retry'];
  /** First byte, between chunks, in all (request-timeouts.ts); DEFAULT_REQUEST_TIMEOUTS for what is absent. */
  timeouts?: Partial<RequestTimeouts>;
  /** Extra body fields for every request (vLLM's top_k, logprobs...). */
  extraBody?: Record<string, unknown>;
  /** What one answer may be (answer-bounds.ts); the LIMITS table's defaults otherwise. */
  limits?: Partial<AnswerLimits>;
};

/** What one HTTP exchange gave: an answer (any status), a read event stream, or why there was none. */
type Exchange =
  | { kind: 'answer'; status: number; headers: IncomingHttpHeaders; text: string }
  | { kind: 'stream'; assembler: StreamAssembler }
  | { kind: 'failed'; attempt: Attempt };

const CANCELLED: Attempt = { ok: false, error: 'request cancelled', retryable: false };
const MAX_REDIRECTS = 20;
// Idle connections close before the usual server keep-alive (uvicorn's 5 s) so that a request is
// never written to a socket the server is closing; the value is undici's default.
const IDLE_SOCKET_MS = 4000;

/**
 * Talks to any OpenAI-compatible /v1/chat/completions over node:http(s) with keep-alive
 * connections. Retries connection errors, 429 and 5xx with exponential backoff; every attempt is
 * counted here. Error messages follow the OpenAI SDK's wording, which this client replaced because
 * its per-request cost was most of the harness's own CPU time.
 */
export class HttpModelClient implements ModelClient {
  private readonly options: HttpModelClientOptions;
  private readonly endpoint: URL | Error;
  private readonly headers: Record<string, string>;
  private readonly timeouts: RequestTimeouts;
  private readonly agents: { http?: HttpAgent; https?: HttpsAgent } = {};
  private readonly limits: AnswerLimits;

  constructor(options: HttpModelClientOptions) {
    this.options = options;
    this.limits = { ...DEFAULT_ANSWER_LIMITS, ...options.limits };
    this.timeouts = { ...DEFAULT_REQUEST_TIMEOUTS, ...options.timeouts };
    this.endpoint = endpointUrl(options.baseUrl);
    this.headers = {
      accept: 'application/json',
      'content-type': 'application/json',
      // Local servers ignore the key; the OpenAI SDK sent this placeholder when there was none.
      authorization: `Bearer ${options.apiKey || 'not-needed'}`,
      'user-agent': 'remora',
    };
  }

  /**
   * With `stream: true` in the request the answer is read as server-sent events, `onStream` hears
   * each step, and the outcome's body is the chat.completion the chunks add up to (stream-assembler.ts).
   */
  async complete(request: ChatRequest, signal?: AbortSignal, onStream?: StreamListener): Promise<ModelCallOutcome> {
    const started = performance.now();
    const { attempts: maxAttempts } = this.options.retry;
    const body = JSON.stringify(this.options.extraBody ? { ...this.options.extraBody, ...request } : request);
    const streaming = request.stream === true ? { onStream } : null;
    let last: Attempt = { ok: false, error: 'no attempt made', retryable: false };
    let attempt = 0;
    // Latency is the server's time for the answer; what came before (failed attempts, backoff) is kept apart.
    let lastStarted = started;
    while (attempt < maxAttempts) {
      attempt += 1;
      lastStarted = performance.now();
      last = await this.attempt(body, signal, streaming);
      if (last.ok || !last.retryable || attempt >= maxAttempts || signal?.aborted) break;
      await sleep(this.backoff(attempt, last.retryAfterMs), signal);
    }
    const latencyMs = performance.now() - lastStarted;
    const retryWaitMs = attempt > 1 ? lastStarted - started : 0;
    if (last.ok) return { ok: true, body: last.body, latencyMs, retryWaitMs, attempts: attempt };
    const suffix = attempt > 1 ? ` (after ${attempt} attempts)` : '';
    return {
      ok: false,
      error: last.error + suffix,
      status: last.status,
      body: last.body,
      latencyMs,
      retryWaitMs,
      attempts: attempt,
    };
  }

  private async attempt(body: string, signal?: AbortSignal, streaming: Streaming | null = null): Promise<Attempt> {
    if (signal?.aborted) return CANCELLED;
    if (this.endpoint instanceof Error)
      return { ok: false, error: `model request failed: ${this.endpoint.message}`, retryable: false };
    // Redirects are followed as fetch follows them: 303 (and 301/302 after a POST) turn into a GET.
    let url = this.endpoint;
    let method = 'POST';
    let payload: string | null = body;
    for (let redirects = 0; ; redirects++) {
      const exchange = await this.send(url, method, payload, signal, streaming);
      if (exchange.kind === 'failed') return exchange.attempt;
      if (exchange.kind === 'stream') return interpretStream(exchange.assembler, this.limits);
      const location = exchange.headers.location;
      if (!isRedirect(exchange.status) || !location) return interpret(exchange, this.limits);
      if (redirects >= MAX_REDIRECTS) return connectionFailure(new Error('redirect count exceeded'));
      const next = parseUrl(location, url);
      if (next instanceof Error) return connectionFailure(next);
      // node:http would throw on file:, data:, ftp:...; a server that sends us there gets a failed call, not a crash.
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        return {
          ok: false,
          error: `model server redirected to ${location}, which is not an HTTP URL`,
          retryable: false,
        };
      if (exchange.status === 303 || (exchange.status <= 302 && method === 'POST')) {
        method = 'GET';
        payload = null;
      }
      url = next;
    }
  }

  /**
   * One request and its whole answer, within the timeouts (first byte, between chunks, in all) and
   * until the signal aborts.
   */
  private send(
    url: URL,
    method: string,
    payload: string | null,
    signal?: AbortSignal,
    streaming: Streaming | null = null,
  ): Promise<Exchange> {
    return new Promise((resolve) => {
      const secure = url.protocol === 'https:';
      const headers: Record<string, string | number> = { ...this.headers };
      if (streaming) headers.accept = 'text/event-stream, application/json';
      // As fetch does, the key is not sent on to another origin.
      if (this.endpoint instanceof URL && url.origin !== this.endpoint.origin) delete headers.authorization;
      if (payload === null) delete headers['content-type'];
      else headers['content-length'] = Buffer.byteLength(payload);
      const options = { method, headers, agent: secure ? this.httpsAgent() : this.httpAgent() };
      const outgoing = secure ? httpsRequest(url, options) : httpRequest(url, options);

      let settled = false;
      const finish = (exchange: Exchange) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(waiting);
        signal?.removeEventListener('abort', onAbort);
        resolve(exchange);
      };
      const stop = (attempt: Attempt) => {
        finish({ kind: 'failed', attempt });
        outgoing.destroy();
      };
      const onAbort = () => stop(CANCELLED);
      const timedOut = (kind: keyof RequestTimeouts): Attempt => ({
        ok: false,
        error: timeoutReason(kind, this.timeouts),
        retryable: true,
      });
      const timer = setTimeout(() => stop(timedOut('totalMs')), this.timeouts.totalMs);
      // Until the answer's headers, then from one chunk to the next.
      let waiting = setTimeout(() => stop(timedOut('firstByteMs')), this.timeouts.firstByteMs);
      const idle = () => {
        clearTimeout(waiting);
        if (!settled) waiting = setTimeout(() => stop(timedOut('idleMs')), this.timeouts.idleMs);
      };
      signal?.addEventListener('abort', onAbort, { once: true });

      outgoing.on('error', (error) => finish({ kind: 'failed', attempt: connectionFailure(error) }));
      outgoing.on('response', (response: IncomingMessage) => {
        idle();
        response.on('data', idle);
        const assembler = streaming && isEventStream(response) ? new StreamAssembler() : null;
        // An event stream is read as it comes (never decompressed: servers do not compress SSE).
        const onChunk = assembler
          ? (chunk: Buffer) => {
              if (assembler.feed(chunk)) streaming?.onStream?.(assembler.progress());
            }
          : undefined;
        // Counted as the bytes arrive: an answer past the limit is refused before it fills memory.
        readBounded(response, this.limits.maxResponseBytes, onChunk).then(
          (bytes) => {
            if (!assembler) return finish(this.decoded(response, bytes));
            if (assembler.end()) streaming?.onStream?.(assembler.progress());
            finish({ kind: 'stream', assembler });
          },
          (error) => {
            if (error instanceof BodyTooLargeError)
              return stop({ ok: false, error: tooLargeReason(this.limits), retryable: false });
            finish({ kind: 'failed', attempt: connectionFailure(error) });
          },
        );
      });
      outgoing.end(payload ?? undefined);
    });
  }

  /** A whole answer's text, decompressed within the limit. */
  private decoded(response: IncomingMessage, bytes: Buffer): Exchange {
    const decoded = decode(bytes, response.headers['content-encoding'], this.limits.maxResponseBytes);
    if (!(decoded instanceof Error))
      return { kind: 'answer', status: response.statusCode ?? 0, headers: response.headers, text: decoded };
    const tooLarge = (decoded as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
    const error = tooLarge ? decompressedTooLargeReason(this.limits) : `model request failed: ${decoded.message}`;
    return { kind: 'failed', attempt: { ok: false, error, retryable: false } };
  }

  private httpAgent(): HttpAgent {
    this.agents.http ??= withIdleTimeout(new HttpAgent({ keepAlive: true }));
    return this.agents.http;
  }

  private httpsAgent(): HttpsAgent {
    this.agents.https ??= withIdleTimeout(new HttpsAgent({ keepAlive: true }));
    return this.agents.https;
  }

  private backoff(attempt: number, retryAfterMs?: number): number {
    const { baseDelayMs, maxDelayMs } = this.options.retry;
    if (retryAfterMs !== undefined) return Math.min(retryAfterMs, maxDelayMs);
    const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    // Full jitter keeps many concurrent conversations from retrying in lockstep.
    return Math.random() * exponential;
  }
}

function endpointUrl(baseUrl: string): URL | Error {
  const url = parseUrl(`${baseUrl.replace(/\/+$/, '')}/chat/completions`);
  if (url instanceof Error) return url;
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return new Error(`unsupported protocol ${url.protocol} in ${baseUrl}`);
  return url;
}

function parseUrl(text: string, base?: URL): URL | Error {
  try {
    return new URL(text, base);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** Idle keep-alive sockets close after IDLE_SOCKET_MS (sooner if the server's Keep-Alive asks); busy ones stay. */
function withIdleTimeout<T extends HttpAgent>(agent: T): T {
  const keepSocketAlive = agent.keepSocketAlive.bind(agent);
  const reuseSocket = agent.reuseSocket.bind(agent);
  agent.keepSocketAlive = (socket: Socket) => {
    // Node returns whether the socket may be kept, though its type declarations say void.
    const keep: unknown = keepSocketAlive(socket);
    if (keep && (socket.timeout === undefined || socket.timeout === 0 || socket.timeout > IDLE_SOCKET_MS))
      socket.setTimeout(IDLE_SOCKET_MS);
    return keep;
  };
  agent.reuseSocket = (socket: Socket, request) => {
    socket.setTimeout(0);
    reuseSocket(socket, request);
  };
  return agent;
}

type Streaming = { onStream?: StreamListener };

/** A 200 answer in server-sent events; anything else (an error, a server that ignored `stream`) is read whole. */
function isEventStream(response: IncomingMessage): boolean {
  const mediaType = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const encoding = response.headers['content-encoding']?.trim().toLowerCase();
  return response.statusCode === 200 && mediaType === 'text/event-stream' && (!encoding || encoding === 'identity');
}

function connectionFailure(cause: unknown): Attempt {
  return {
    ok: false,
    error: `cannot reach the model server (Connection error.: ${errorMessage(cause)})`,
    retryable: true,
  };
}
