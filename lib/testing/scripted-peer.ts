// An OpenAI-compatible chat endpoint whose answers a test scripts per input: a rule gets the
// request's first user message, how many tool results it already holds and the system text, and
// returns the next assistant message (a call, or text), or a server failure. Real HTTP, so the
// runner, the store and the task-success check all run as they do against a model server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type PeerMessage = { role: string; content?: unknown };
type PeerCall = { name: string; arguments: Record<string, unknown> };
/** What the model says next: calls, or a text answer. */
type PeerAnswer = { calls: PeerCall[] } | { text: string } | { fail: number };
export type PeerRule = (userText: string, toolResults: number, systemText: string) => PeerAnswer;

export type ScriptedPeer = { baseUrl: string; requests: number; close(): Promise<void> };

function answerBody(answer: { calls: PeerCall[] } | { text: string }, count: number): Record<string, unknown> {
  const message =
    'text' in answer
      ? { role: 'assistant', content: answer.text }
      : {
          role: 'assistant',
          content: null,
          tool_calls: answer.calls.map((call, index) => ({
            id: `call_peer_${count}_${index}`,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        };
  return {
    id: `chatcmpl-peer-${count}`,
    object: 'chat.completion',
    choices: [{ index: 0, message, finish_reason: 'stop' }],
  };
}

export async function startScriptedPeer(rule: PeerRule): Promise<ScriptedPeer> {
  const peer = { requests: 0 };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.url?.endsWith('/models'))
        return send(200, { object: 'list', data: [{ id: 'peer', object: 'model' }] });
      try {
        const messages = (JSON.parse(body) as { messages: PeerMessage[] }).messages;
        const text = (role: string) => String(messages.find((message) => message.role === role)?.content ?? '');
        const results = messages.filter((message) => message.role === 'tool').length;
        peer.requests += 1;
        const answer = rule(text('user'), results, text('system'));
        if ('fail' in answer) return send(answer.fail, { error: { message: 'the scripted peer fails this request' } });
        send(200, answerBody(answer, peer.requests));
      } catch (error) {
        send(400, { error: { message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return peer.requests;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
