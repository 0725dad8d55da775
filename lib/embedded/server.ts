// `remora serve`: the embedded engine as an OpenAI-compatible server over node:http.
//   GET  /v1/models             the loaded model (requests may name any model; it is echoed back)
//   POST /v1/chat/completions   non-streaming chat completions (the `remora` field holds raw text and token
// probabilities)
//   GET  /health                200 once the model is loaded
// A client that disconnects cancels its generation.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { errorMessage } from '../errors';
import { EmbeddedEngine, type EmbeddedEngineOptions } from './engine';
import type { LoadedModel } from './model-registry';
import { readServerRequest } from './server-request';
import { listen } from '../http/listen';
import { routeOf } from '../http/openai-route';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

export type EmbeddedServerOptions = EmbeddedEngineOptions & { port?: number; host?: string; modelName?: string };

export type EmbeddedServer = {
  /** Base URL for OpenAI clients, e.g. http://127.0.0.1:8090/v1 */
  url: string;
  port: number;
  model: LoadedModel;
  close(): Promise<void>;
};

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed || response.headersSent) return;
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function errorBody(message: string, type: string, code: string | null = null) {
  return { error: { message, type, code } };
}

/** Loads the model first (a bad file fails here, before anything listens), then listens. */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const { port = 8090, host = '127.0.0.1', modelName, ...engineOptions } = options;
  const engine = new EmbeddedEngine(engineOptions);
  const model = await engine.load();
  const name = modelName ?? model.name;
  const created = Math.floor(Date.now() / 1000);

  const handleChat = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const controller = new AbortController();
    // The response closing before it was sent means the client went away.
    response.on('close', () => {
      if (!response.writableFinished) controller.abort();
    });
    request.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        refused = true;
        send(
          response,
          413,
          errorBody(`the request body exceeds ${MAX_BODY_BYTES} bytes`, 'invalid_request_error', 'body_too_large'),
        );
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (refused) return;
      const read = readServerRequest(Buffer.concat(chunks).toString('utf8'));
      if (!read.ok) return send(response, 400, errorBody(read.message, 'invalid_request_error', 'invalid_request'));
      const chatRequest = { ...read.request, model: read.request.model || name };
      engine.complete(chatRequest, controller.signal).then(
        (outcome) => {
          if (outcome.ok) return send(response, 200, outcome.body);
          send(response, outcome.status === 499 ? 400 : outcome.status, errorBody(outcome.error, outcome.type));
        },
        (error: unknown) =>
          send(response, 500, errorBody(`the embedded engine failed: ${errorMessage(error)}`, 'server_error')),
      );
    });
  };

  const server = createServer((request, response) => {
    const { method, path, chat, models } = routeOf(request);
    if (chat) return handleChat(request, response);
    request.resume();
    if (models) {
      return send(response, 200, {
        object: 'list',
        data: [{ id: name, object: 'model', created, owned_by: 'remora-embedded', root: model.path }],
      });
    }
    if (method === 'GET' && path === '/health') return send(response, 200, { status: 'ok', model: name });
    send(response, 404, errorBody(`no route ${method} ${path}`, 'not_found_error', 'not_found'));
  });
  const listening = await listen(server, port, host);
  return { url: `${listening.origin}/v1`, port: listening.port, model, close: listening.close };
}
