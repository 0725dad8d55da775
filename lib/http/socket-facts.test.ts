import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PEER_HEADER,
  installSocketFacts,
  isLocalPeer,
  isLoopbackAddress,
  readSocketFacts,
  type PeerFacts,
} from './socket-facts';

const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
let server: Server;
let port = 0;

/** What the handler saw: the facts it could read back from the stamp. */
function ask(address: string, headers: Record<string, string>): Promise<PeerFacts | null> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: address, port, path: '/', headers }, (incoming) => {
      let text = '';
      incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
      incoming.on('end', () => resolve(JSON.parse(text) as PeerFacts | null));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

beforeAll(async () => {
  installSocketFacts();
  installSocketFacts();
  server = createServer((request, response) =>
    response.end(JSON.stringify(readSocketFacts((request.headers[PEER_HEADER] as string | undefined) ?? null))),
  );
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('socket facts', () => {
  it('stamps the socket addresses over whatever the client sent in the header', async () => {
    const facts = await ask('127.0.0.1', { [PEER_HEADER]: 'anything 10.0.0.1 10.0.0.1 0', host: 'evil.example' });
    expect(facts).toEqual({ remoteAddress: '127.0.0.1', localAddress: '127.0.0.1', forwarded: false });
    expect(isLocalPeer(facts!)).toBe(true);
  });

  it('marks a request that carries forwarding headers as relayed', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host']) {
      const facts = await ask('127.0.0.1', { [header]: '127.0.0.1' });
      expect(facts?.forwarded, header).toBe(true);
      expect(isLocalPeer(facts!)).toBe(false);
    }
  });

  it.skipIf(networkAddress === undefined)(
    'sees a connection to a network address as not local, even from this machine',
    async () => {
      const address = networkAddress!;
      const facts = await ask(address, { host: '127.0.0.1', [PEER_HEADER]: 'k 127.0.0.1 127.0.0.1 0' });
      expect(facts).toEqual({ remoteAddress: address, localAddress: address, forwarded: false });
      expect(isLocalPeer(facts!)).toBe(false);
    },
  );

  it('trusts no stamp written by anyone but this process', () => {
    expect(readSocketFacts(null)).toBeNull();
    expect(readSocketFacts('0123 127.0.0.1 127.0.0.1 0')).toBeNull();
    expect(readSocketFacts('127.0.0.1 127.0.0.1 0')).toBeNull();
  });

  it('knows loopback addresses in every spelling', () => {
    for (const address of ['127.0.0.1', '127.8.9.1', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', 'localhost', '-', ''])
      expect(isLoopbackAddress(address), address).toBe(false);
  });
});
