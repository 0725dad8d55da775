// A local OpenAI-compatible HTTP server answering from a script, for tests that go through the real HTTP client.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatRequest } from '../../protocol/messages';

/**
 * The assistant message to answer with, or `{ fail: STATUS }` for a server failure; a promise that never
 * settles leaves the request hanging (a stalled server).
 */
export type ScriptedReply = (
  request: ChatRequest,
  index: number,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

export type ScriptedServer = { baseUrl: string; requests: ChatRequest[]; close(): Promise<void> };

/**
 * `delayMs` holds every answer back that long (a slow model, for tests that stop a run half way);
 * `model` is the one model `/models` lists.
 */
export async function startScriptedServer(
  reply: ScriptedReply,
  options: { delayMs?: number; model?: string } = {},
): Promise<ScriptedServer> {
  const requests: ChatRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'GET' && request.url?.endsWith('/models')) {
        response.end(
          JSON.stringify({ object: 'list', data: [{ id: options.model ?? 'functiongemma', object: 'model' }] }),
        );
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
      requests.push(body);
      const message = await reply(body, requests.length - 1);
      if (typeof message.fail === 'number') {
        response.statusCode = message.fail;
        response.end(JSON.stringify({ error: { message: 'the script fails this request' } }));
        return;
      }
      const answer = JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
      });
      if (options.delayMs) setTimeout(() => response.end(answer), options.delayMs);
      else response.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export function toolCallMessage(
  name: string,
  args: Record<string, unknown>,
  id = `call_${name}`,
): Record<string, unknown> {
  return { content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] };
}
