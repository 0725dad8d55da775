import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { ChatRequest } from './messages';
import type { ModelCallOutcome, ModelClient, RunnerSettings, StreamListener } from './types';
import { errorMessage } from '../errors';
import { parseJson } from '../parsing/safe-json';
import { StreamAssembler } from './stream-assembler';
import { sleep } from '../sleep';

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

/** What one HTTP exchange gave: an answer (any status), a read event stream, or why there was none. */
type Exchange =
  | { kind: 'answer'; status: number; headers: IncomingHttpHeaders; text: string }
  | { kind: 'stream'; assembler: StreamAssembler }
  | { kind: 'failed'; attempt: Attempt };

const CANCELLED: Attempt = { ok: false, error: 'request cancelled', retryable: false };
const TIMED_OUT: Attempt = { ok: false, error: 'cannot reach the model server (Request timed out.)', retryable: true };
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
  private readonly timeoutMs: number;
  private readonly agents: { http?: HttpAgent; https?: HttpsAgent } = {};

  constructor(options: HttpModelClientOptions) {
    this.options = options;
    this.timeoutMs = options.timeoutMs ?? 120_000;
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
    while (attempt < maxAttempts) {
      attempt += 1;
      last = await this.attempt(body, signal, streaming);
      if (last.ok || !last.retryable || attempt >= maxAttempts || signal?.aborted) break;
      await sleep(this.backoff(attempt, last.retryAfterMs), signal);
    }
    const latencyMs = performance.now() - started;
    if (last.ok) return { ok: true, body: last.body, latencyMs, attempts: attempt };
    const suffix = attempt > 1 ? ` (after ${attempt} attempts)` : '';
    return { ok: false, error: last.error + suffix, status: last.status, body: last.body, latencyMs, attempts: attempt };
  }

  private async attempt(body: string, signal?: AbortSignal, streaming: Streaming | null = null): Promise<Attempt> {
    if (signal?.aborted) return CANCELLED;
    if (this.endpoint instanceof Error) return { ok: false, error: `model request failed: ${this.endpoint.message}`, retryable: false };
    // Redirects are followed as fetch follows them: 303 (and 301/302 after a POST) turn into a GET.
    let url = this.endpoint;
    let method = 'POST';
    let payload: string | null = body;
    for (let redirects = 0; ; redirects++) {
      const exchange = await this.send(url, method, payload, signal, streaming);
      if (exchange.kind === 'failed') return exchange.attempt;
      if (exchange.kind === 'stream') return interpretStream(exchange.assembler);
      const location = exchange.headers.location;
      if (!isRedirect(exchange.status) || !location) return interpret(exchange);
      if (redirects >= MAX_REDIRECTS) return connectionFailure(new Error('redirect count exceeded'));
      const next = parseUrl(location, url);
      if (next instanceof Error) return connectionFailure(next);
      if (exchange.status === 303 || (exchange.status <= 302 && method === 'POST')) {
        method = 'GET';
        payload = null;
      }
      url = next;
    }
  }

  /** One request and its whole answer, within the timeout and until the signal aborts. */
  private send(url: URL, method: string, payload: string | null, signal?: AbortSignal, streaming: Streaming | null = null): Promise<Exchange> {
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
        signal?.removeEventListener('abort', onAbort);
        resolve(exchange);
      };
      const stop = (attempt: Attempt) => {
        finish({ kind: 'failed', attempt });
        outgoing.destroy();
      };
      const onAbort = () => stop(CANCELLED);
      const timer = setTimeout(() => stop(TIMED_OUT), this.timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });

      outgoing.on('error', (error) => finish({ kind: 'failed', attempt: connectionFailure(error) }));
      outgoing.on('response', (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        const assembler = streaming && isEventStream(response) ? new StreamAssembler() : null;
        if (assembler) {
          // An event stream is read as it comes (never decompressed: servers do not compress SSE).
          response.on('data', (chunk: Buffer) => {
            if (assembler.feed(chunk)) streaming?.onStream?.(assembler.progress());
          });
          response.on('error', (error) => finish({ kind: 'failed', attempt: connectionFailure(error) }));
          response.on('close', () => {
            if (!response.complete) finish({ kind: 'failed', attempt: connectionFailure(new Error('the connection closed before the whole stream arrived')) });
          });
          response.on('end', () => {
            if (assembler.end()) streaming?.onStream?.(assembler.progress());
            finish({ kind: 'stream', assembler });
          });
          return;
        }
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => finish({ kind: 'failed', attempt: connectionFailure(error) }));
        response.on('close', () => {
          if (!response.complete) finish({ kind: 'failed', attempt: connectionFailure(new Error('the connection closed before the whole answer arrived')) });
        });
        response.on('end', () => {
          const decoded = decode(Buffer.concat(chunks), response.headers['content-encoding']);
          if (decoded instanceof Error) return finish({ kind: 'failed', attempt: { ok: false, error: `model request failed: ${decoded.message}`, retryable: false } });
          finish({ kind: 'answer', status: response.statusCode ?? 0, headers: response.headers, text: decoded });
        });
      });
      outgoing.end(payload ?? undefined);
    });
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
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return new Error(`unsupported protocol ${url.protocol} in ${baseUrl}`);
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

/** Idle keep-alive sockets close after IDLE_SOCKET_MS (sooner when the server's Keep-Alive header asks); busy ones never time out here. */
function withIdleTimeout<T extends HttpAgent>(agent: T): T {
  const keepSocketAlive = agent.keepSocketAlive.bind(agent);
  const reuseSocket = agent.reuseSocket.bind(agent);
  agent.keepSocketAlive = (socket: Socket) => {
    // Node returns whether the socket may be kept, though its type declarations say void.
    const keep: unknown = keepSocketAlive(socket);
    if (keep && (socket.timeout === undefined || socket.timeout === 0 || socket.timeout > IDLE_SOCKET_MS)) socket.setTimeout(IDLE_SOCKET_MS);
    return keep;
  };
  agent.reuseSocket = (socket: Socket, request) => {
    socket.setTimeout(0);
    reuseSocket(socket, request);
  };
  return agent;
}

function decode(bytes: Buffer, encoding: string | undefined): string | Error {
  try {
    const coding = encoding?.trim().toLowerCase();
    const plain =
      !coding || coding === 'identity'
        ? bytes
        : coding === 'gzip' || coding === 'x-gzip'
          ? gunzipSync(bytes)
          : coding === 'deflate'
            ? inflateSync(bytes)
            : coding === 'br'
              ? brotliDecompressSync(bytes)
              : bytes;
    const text = plain.toString('utf8');
    // fetch's text() drops a byte order mark.
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** An answer as the OpenAI SDK read it: JSON media types are parsed, anything else stays text. */
function interpret(answer: Extract<Exchange, { kind: 'answer' }>): Attempt {
  const { status, headers, text } = answer;
  if (status < 200 || status > 299) return statusFailure(status, headers, text);
  let body: unknown;
  if (status === 204) body = null;
  else if (!isJsonMediaType(headers['content-type'])) body = text;
  else if (headers['content-length'] === '0') body = undefined;
  else {
    const json = parseJson(text);
    if (!json.ok) return { ok: false, error: `model request failed: ${json.error}`, retryable: false };
    body = json.value;
  }
  const problem = checkCompletionShape(body);
  if (problem) return { ok: false, error: problem, body, retryable: false };
  return { ok: true, body };
}

type Streaming = { onStream?: StreamListener };

/** A 200 answer in server-sent events; anything else (an error, a server that ignored `stream`) is read whole. */
function isEventStream(response: IncomingMessage): boolean {
  const mediaType = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const encoding = response.headers['content-encoding']?.trim().toLowerCase();
  return response.statusCode === 200 && mediaType === 'text/event-stream' && (!encoding || encoding === 'identity');
}

function interpretStream(assembler: StreamAssembler): Attempt {
  if (assembler.error !== null) return { ok: false, error: `model server reported an error in the stream: ${assembler.error}`, body: assembler.assemble(), retryable: false };
  if (assembler.chunkCount === 0) return { ok: false, error: 'model server sent an event stream without any chunk', body: assembler.assemble(), retryable: false };
  const body = assembler.assemble();
  const problem = checkCompletionShape(body);
  if (problem) return { ok: false, error: problem, body, retryable: false };
  return { ok: true, body };
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim();
  return mediaType !== undefined && (mediaType.includes('application/json') || mediaType.endsWith('+json'));
}

function statusFailure(status: number, headers: IncomingHttpHeaders, text: string): Attempt {
  // Not JSON: the text itself is the server's message, as the SDK reported it.
  const json = parseJson(text);
  const parsed = json.ok ? json.value : undefined;
  const error = parsed ? (parsed as { error?: unknown }).error : undefined;
  const retryable = status === 429 || status >= 500;
  const retryAfterHeader = headers['retry-after'];
  const retryAfter = retryAfterHeader === undefined ? Number.NaN : Number(retryAfterHeader);
  return {
    ok: false,
    status,
    error: `model server answered ${status}: ${serverMessage(status, error, parsed ? undefined : text)}`,
    body: error,
    retryable,
    retryAfterMs: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined,
  };
}

/** The server's own message when it gave one, else the OpenAI SDK's summary of the answer. */
function serverMessage(status: number, error: unknown, text: string | undefined): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  if (typeof message === 'string') return message;
  const summary = message ? JSON.stringify(message) : error ? JSON.stringify(error) : text;
  return summary ? `${status} ${summary}` : `${status} status code (no body)`;
}

function connectionFailure(cause: unknown): Attempt {
  return { ok: false, error: `cannot reach the model server (Connection error.: ${errorMessage(cause)})`, retryable: true };
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
