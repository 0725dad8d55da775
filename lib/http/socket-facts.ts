// Who is on the other end of a request, read from the socket rather than from anything the client
// wrote. Next's proxy sees only headers, so a hook on Node's HTTP servers (Node's
// `http.server.request.start` diagnostics channel, which runs synchronously before the server's
// 'request' event) writes the socket's remote and local addresses into a header of its own,
// replacing whatever a client sent under that name. The header carries a key that exists only in
// this process, so a request that reached Next before the hook was installed (or in a process
// without it) carries no valid stamp and is treated as coming from nobody known.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';

export const PEER_HEADER = 'x-remora-peer';

/** Headers by which a proxy in front of the panel says it forwards someone else's request. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

export type PeerFacts = {
  remoteAddress: string;
  localAddress: string;
  /** The client sent a forwarding header: whoever connected relays someone else. */
  forwarded: boolean;
};

type HookState = { key: string; listener: (message: unknown) => void };
// One per process, shared by the separately bundled instrumentation and proxy modules.
const STATE = Symbol.for('remora.socket-facts');
const holder = globalThis as typeof globalThis & { [STATE]?: HookState };

function stamp(key: string, request: IncomingMessage, socket: Socket): void {
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  const remote = socket.remoteAddress ?? '-';
  const local = socket.localAddress ?? '-';
  request.headers[PEER_HEADER] = `${key} ${remote} ${local} ${forwarded ? 1 : 0}`;
}

/** Installs the hook once per process; every HTTP request from now on carries its socket's facts. */
export function installSocketFacts(): void {
  if (holder[STATE]) return;
  const key = randomBytes(24).toString('hex');
  const listener = (message: unknown) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    stamp(key, request, socket);
  };
  subscribe('http.server.request.start', listener);
  holder[STATE] = { key, listener };
}

/** The facts stamped on a request by this process's hook, or null when there is no valid stamp. */
export function readSocketFacts(header: string | null): PeerFacts | null {
  const state = holder[STATE];
  if (!state || header === null) return null;
  const [key, remoteAddress, localAddress, forwarded, ...rest] = header.split(' ');
  if (rest.length > 0 || forwarded === undefined) return null;
  const given = Buffer.from(key);
  const expected = Buffer.from(state.key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { remoteAddress, localAddress, forwarded: forwarded === '1' };
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1; BlockList also matches IPv4 inside IPv6 (::ffff:127.0.0.1, as a dual-stack server sees it). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The request came over this machine's loopback interface, from this machine, not relayed for another. */
export function isLocalPeer(facts: PeerFacts): boolean {
  return isLoopbackAddress(facts.remoteAddress) && isLoopbackAddress(facts.localAddress) && !facts.forwarded;
}
