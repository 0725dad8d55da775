// A model server that answers like a flaky or hostile one, deterministically: conversations are
// told apart by their request ("case N" in the user message) and their turn, so a retry of the same
// request gets the same answer. Answer number a = 2N + turn - 1; every 25th (a % 25 === 12) is
// broken, each kind in turn. The rest are the harness agent's good answers (simple_tool, then
// submit_result).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export const BROKEN_KINDS = [
  'deep-body',
  'deep-arguments',
  'deep-content',
  'big-content',
  'gzip-bomb',
  'truncated-json',
  'html-502',
] as const;
export type BrokenKind = (typeof BROKEN_KINDS)[number];

const DEPTH = 100_000;
const deepArray = () => `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const UPSTREAM_GONE = '<p>upstream went away</p>';

/** Which answer a conversation's turn gets: null for a good one. */
export function brokenKindFor(caseNumber: number, turn: number): BrokenKind | null {
  const answer = 2 * caseNumber + turn - 1;
  return answer % 25 === 12 ? BROKEN_KINDS[Math.floor(answer / 25) % BROKEN_KINDS.length] : null;
}

function completion(message: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 'chatcmpl-hostile',
    object: 'chat.completion',
    created: 0,
    model: 'hostile',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
  };
}

function call(name: string, args: string, id: string): Record<string, unknown> {
  return { content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: args } }] };
}

// Built once: 256 MB of JSON whitespace after a valid answer, gzipped to about a quarter of a megabyte.
let bomb: Buffer | null = null;
function gzipBomb(): Buffer {
  bomb ??= gzipSync(
    Buffer.concat([
      Buffer.from(JSON.stringify(completion({ content: 'boom' }))),
      Buffer.alloc(256 * 1024 * 1024, 0x20),
    ]),
    { level: 9 },
  );
  return bomb;
}

function send(
  response: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): void {
  response.writeHead(status, headers);
  response.end(body);
}

function answerBroken(response: ServerResponse, kind: BrokenKind, caseNumber: number): void {
  switch (kind) {
    case 'deep-body':
      return send(
        response,
        200,
        `{"choices":[{"index":0,"message":{"role":"assistant","content":"hi"}}],"extra":${deepArray()}}`,
      );
    case 'deep-arguments':
      return send(
        response,
        200,
        JSON.stringify(completion(call('simple_tool', `{"payload":${deepArray()}}`, `call_deep_${caseNumber}`))),
      );
    case 'deep-content':
      return send(response, 200, JSON.stringify(completion({ content: deepArray() })));
    case 'big-content':
      return send(response, 200, JSON.stringify(completion({ content: 'x'.repeat(2 * 1024 * 1024) })));
    case 'gzip-bomb':
      return send(response, 200, gzipBomb(), { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    case 'truncated-json': {
      const whole = JSON.stringify(completion(call('simple_tool', '{"payload":"cut"}', `call_cut_${caseNumber}`)));
      return send(response, 200, whole.slice(0, Math.floor(whole.length / 2)));
    }
    case 'html-502':
      return send(
        response,
        502,
        `<html><head><title>502 Bad Gateway</title></head><body>${UPSTREAM_GONE.repeat(4000)}</body></html>`,
        { 'content-type': 'text/html' },
      );
  }
}

type Request = { messages?: { role: string; content?: string | null }[] };

function handle(request: IncomingMessage, response: ServerResponse, seen: Map<BrokenKind, number>): void {
  if (request.url?.endsWith('/models'))
    return send(response, 200, JSON.stringify({ object: 'list', data: [{ id: 'hostile', object: 'model' }] }));
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Request;
    const messages = body.messages ?? [];
    const user = messages.find((message) => message.role === 'user')?.content ?? '';
    const caseNumber = Number(/case (\d+)/.exec(user)?.[1] ?? -1);
    const turn = messages.filter((message) => message.role === 'assistant').length + 1;
    const kind = brokenKindFor(caseNumber, turn);
    if (kind) {
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
      return answerBroken(response, kind, caseNumber);
    }
    if (turn === 1)
      return send(
        response,
        200,
        JSON.stringify(
          completion(call('simple_tool', JSON.stringify({ payload: `case ${caseNumber}` }), `call_a_${caseNumber}`)),
        ),
      );
    return send(
      response,
      200,
      JSON.stringify(
        completion(
          call('submit_result', JSON.stringify({ summary: 'echoed', changed_files: [] }), `call_b_${caseNumber}`),
        ),
      ),
    );
  });
}

export type HostileServer = { url: string; seen: Map<BrokenKind, number>; close(): Promise<void> };

export async function startHostileServer(): Promise<HostileServer> {
  const seen = new Map<BrokenKind, number>();
  const server = createServer((request, response) => handle(request, response, seen));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
