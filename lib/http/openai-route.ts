// Which route of an OpenAI-compatible server a request asks for: the simulator and the embedded
// server answer the same paths, with or without the /v1 prefix.
import type { IncomingMessage } from 'node:http';

export type RequestRoute = { method: string; path: string; chat: boolean; models: boolean };

/** The method, the path (no query, no trailing slash), and whether it is the chat or the models route. */
export function routeOf(request: IncomingMessage): RequestRoute {
  const method = request.method ?? 'GET';
  const path = (request.url ?? '/').split('?')[0].replace(/\/+$/, '') || '/';
  return {
    method,
    path,
    chat: method === 'POST' && (path === '/v1/chat/completions' || path === '/chat/completions'),
    models: method === 'GET' && (path === '/v1/models' || path === '/models'),
  };
}
