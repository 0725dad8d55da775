// Started by hand on every address (`next start -H 0.0.0.0`) with no token and no HOST, the panel
// must still answer only to this machine: who is connecting is read from the socket, so a client on
// the network cannot get in by sending a loopback Host or X-Forwarded-For header.
import { expect, test } from './fixtures';
import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { startSecondPanel, type SecondPanel } from './second-panel';

let panel: SecondPanel;

/** This machine's first non-loopback IPv4 address: connecting to it comes from it, as from the network. */
function networkAddress(): string | undefined {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}

type Answer = { status: number; body: string };

function send(
  address: string,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: address, port: panel.port, method, path: pathname, headers }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const forged = () => ({
  host: `127.0.0.1:${panel.port}`,
  'x-forwarded-for': '127.0.0.1',
  'x-real-ip': '127.0.0.1',
  forwarded: 'for=127.0.0.1',
  'x-remora-peer': 'forged 127.0.0.1 127.0.0.1 0',
});
const experiment = JSON.stringify({
  agent: 'harness',
  variants: [{ name: 'a', systemPrompt: 'p' }],
  endpoint: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
  requestsPerVariant: 1,
});

test.beforeAll(async () => {
  panel = await startSecondPanel({ host: '0.0.0.0', without: ['HOST', 'REMORA_TOKEN'] });
});

test.afterAll(async () => {
  await panel?.stop();
});

test('a client on the network is refused whatever Host or forwarding headers it sends', async () => {
  const address = networkAddress();
  test.skip(address === undefined, 'this machine has no non-loopback IPv4 address to connect from');
  const write = await send(
    address!,
    'POST',
    '/api/experiments',
    { ...forged(), 'content-type': 'application/json' },
    experiment,
  );
  expect(write.status, write.body).toBe(403);
  expect(write.body).toMatch(/REMORA_TOKEN/);
  for (const pathname of ['/api/agents', '/api/experiments', '/', '/experiments/new']) {
    const read = await send(address!, 'GET', pathname, forged());
    expect(read.status, `${pathname}: ${read.body.slice(0, 200)}`).toBe(403);
  }
  // The health check says nothing but "up".
  expect((await send(address!, 'GET', '/api/health', forged())).status).toBe(200);
});

test('this machine gets in over loopback, but not through a forwarding proxy', async () => {
  const read = await send('127.0.0.1', 'GET', '/api/agents', { host: `127.0.0.1:${panel.port}` });
  expect(read.status, read.body.slice(0, 200)).toBe(200);
  // A proxy on this machine that forwards network clients says so in these headers: refused.
  const proxied = await send(
    '127.0.0.1',
    'POST',
    '/api/experiments',
    { host: `127.0.0.1:${panel.port}`, 'x-forwarded-for': '203.0.113.9', 'content-type': 'application/json' },
    experiment,
  );
  expect(proxied.status, proxied.body).toBe(403);
  // Loopback under a foreign name is a DNS-rebinding page: refused as before.
  expect((await send('127.0.0.1', 'GET', '/api/agents', { host: `evil.example:${panel.port}` })).status).toBe(403);
});
