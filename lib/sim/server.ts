// The simulated FunctionGemma endpoint over node:http: OpenAI-compatible routes plus the simulator's
// own ground truth.
//   GET  /v1/models             the one model (any name is accepted in requests and echoed back)
//   POST /v1/chat/completions   chat completions, streamed (server-sent events) when asked
//   GET  /sim/stats             counts of requests, shapes produced, injected errors
//   POST /sim/reset             zero the counts and the repeat counters
//   GET  /health                200, as vLLM has
// Every answer carries `x-remora-simulated: 1`. Started with `apiKey`, the /v1 routes answer 401
// without `Authorization: Bearer <apiKey>`, as a hosted server does (to test that keys reach it).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { SimOptions, type SimOptionsInput, type SimStats } from './options';
import { SimEngine, type EngineReply } from './sim-engine';
import { errorBody, modelsBody } from './completion-body';
import { ConfigurationError } from '../errors';
import { listen } from '../http/listen';
import { routeOf } from '../http/openai-route';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

export type SimServerOptions = SimOptionsInput & { port?: number; host?: string; apiKey?: string };

export type SimServer = {
  /** Base URL for OpenAI clients, e.g. http://127.0.0.1:8089/v1 */
  url: string;
  /** Scheme, host and port, e.g. http://127.0.0.1:8089 (for /sim/stats). */
  origin: string;
  port: number;
  options: SimOptions;
  stats(): SimStats;
  reset(): void;
  close(): Promise<void>;
};

/** Validates simulator settings; a problem is the user's configuration, listed one per line. */
export function resolveSimOptions(input: SimOptionsInput): SimOptions {
  const parsed = SimOptions.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'settings'}: ${issue.message}`,
  );
  throw new ConfigurationError(`invalid simulator settings: ${problems.join('; ')}`, problems, { cause: parsed.error });
}

function send(response: ServerResponse, reply: EngineReply): void {
  if (response.destroyed) return;
  const text = JSON.stringify(reply.body);
  response.writeHead(reply.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-remora-simulated': '1',
  });
  response.end(text);
}

type Later = (delayMs: number, action: () => void) => void;

/** Writes a stream's events one by one, `chunkDelayMs` apart. */
function sendEvents(response: ServerResponse, events: string[], chunkDelayMs: number, later: Later): void {
  if (response.destroyed) return;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-remora-simulated': '1',
  });
  if (chunkDelayMs === 0) {
    // Written one by one all the same, so that clients meet chunk boundaries.
    for (const event of events) response.write(event);
    response.end();
    return;
  }
  let next = 0;
  const writeNext = () => {
    if (response.destroyed) return;
    response.write(events[next++]);
    if (next < events.length) later(chunkDelayMs, writeNext);
    else response.end();
  };
  writeNext();
}

/** Reads a chat request's body, refusing one over MAX_BODY_BYTES with a 413, and hands the text on. */
function readChatBody(
  request: IncomingMessage,
  response: ServerResponse,
  engine: SimEngine,
  onBody: (body: string) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  request.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      refused = true;
      engine.countRefusal(true);
      send(response, {
        status: 413,
        body: errorBody(`the request body exceeds ${MAX_BODY_BYTES} bytes`, 'invalid_request_error', 'body_too_large'),
      });
      request.resume();
      return;
    }
    chunks.push(chunk);
  });
  request.on('end', () => {
    if (refused) return;
    onBody(Buffer.concat(chunks).toString('utf8'));
  });
}

export async function startSimServer(input: SimServerOptions = {}): Promise<SimServer> {
  const { port = 0, host = '127.0.0.1', apiKey, ...settings } = input;
  const options = resolveSimOptions(settings);
  const engine = new SimEngine(options);
  const created = Math.floor(Date.now() / 1000);
  const timers = new Set<NodeJS.Timeout>();

  const later = (delayMs: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, delayMs);
    timers.add(timer);
  };

  const deliver = (response: ServerResponse, result: EngineReply) =>
    result.events ? sendEvents(response, result.events, options.streamChunkDelayMs, later) : send(response, result);

  const reply = (response: ServerResponse, result: EngineReply, delayed: boolean) => {
    if (!delayed || options.latencyMs === 0) return deliver(response, result);
    later(options.latencyMs, () => deliver(response, result));
  };

  const notFound = (response: ServerResponse, method: string, path: string) => {
    engine.countRefusal(false);
    send(response, {
      status: 404,
      body: errorBody(`no route ${method} ${path} on the simulator`, 'not_found_error', 'not_found'),
    });
  };

  const handleChat = (request: IncomingMessage, response: ServerResponse) =>
    readChatBody(request, response, engine, (body) => reply(response, engine.chatCompletion(body), true));

  const server = createServer((request, response) => {
    const { method, path, chat, models } = routeOf(request);
    if ((chat || models) && apiKey !== undefined && request.headers.authorization !== `Bearer ${apiKey}`) {
      request.resume();
      return send(response, {
        status: 401,
        body: errorBody(
          'a valid API key is required (Authorization: Bearer)',
          'authentication_error',
          'invalid_api_key',
        ),
      });
    }
    if (chat) return handleChat(request, response);
    // Other routes take no body; drain any so the connection can be reused.
    request.resume();
    if (models) return send(response, { status: 200, body: modelsBody(options.model, created, options.adapters) });
    if (method === 'GET' && path === '/sim/stats') return send(response, { status: 200, body: engine.stats() });
    if (method === 'POST' && path === '/sim/reset') {
      engine.reset();
      return send(response, { status: 200, body: { reset: true } });
    }
    if (method === 'GET' && path === '/health') return send(response, { status: 200, body: { status: 'ok' } });
    notFound(response, method, path);
  });
  const listening = await listen(server, port, host, () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });
  const { origin } = listening;

  return {
    url: `${origin}/v1`,
    origin,
    port: listening.port,
    options,
    stats: () => engine.stats(),
    reset: () => engine.reset(),
    close: listening.close,
  };
}

export { SimOptions };
