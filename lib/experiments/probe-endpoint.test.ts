// The probe that every harness, campaign and panel run starts with, against a real HTTP server:
// what it says of a server that is up (with or without the route), of Remora's simulator, of a
// redirect, of a port nobody listens on and of a server that never answers.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from '../http/listen';
import { probeEndpoint } from './probe-endpoint';

let server: Listening;
const authorizations: (string | undefined)[] = [];

beforeAll(async () => {
  const http = createServer((request, response) => {
    authorizations.push(request.headers.authorization);
    if (request.url === '/sim/v1/models') {
      response.writeHead(200, { 'content-type': 'application/json', 'x-remora-simulated': '1' });
      return response.end(JSON.stringify({ data: [{ id: 'functiongemma-270m-it' }, { id: 7 }] }));
    }
    if (request.url === '/moved/v1/models') {
      response.writeHead(307, { location: '/sim/v1/models' });
      return response.end();
    }
    if (request.url === '/loop/v1/models') {
      response.writeHead(302, { location: '/loop/v1/models' });
      return response.end();
    }
    if (request.url === '/text/v1/models') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end('not json');
    }
    if (request.url === '/silent/v1/models') return; // never answers
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"detail": "Not Found"}');
  });
  server = await listen(http, 0, '127.0.0.1');
});

afterAll(async () => {
  await server?.close();
});

describe('probeEndpoint', () => {
  it("names the simulator's models and says it is the simulator; a trailing slash makes no difference", async () => {
    const probe = await probeEndpoint(`${server.origin}/sim/v1/`);
    expect(probe).toEqual({ reachable: true, simulated: true, models: ['functiongemma-270m-it'], httpStatus: 200 });
  });

  it('finds a server without the route (or without JSON there) up, naming no model', async () => {
    expect(await probeEndpoint(`${server.origin}/none/v1`)).toEqual({
      reachable: true,
      simulated: false,
      models: [],
      httpStatus: 404,
    });
    expect(await probeEndpoint(`${server.origin}/text/v1`)).toMatchObject({ reachable: true, models: [] });
  });

  it('follows redirects, but not forever', async () => {
    expect(await probeEndpoint(`${server.origin}/moved/v1`)).toMatchObject({ reachable: true, simulated: true });
    expect(await probeEndpoint(`${server.origin}/loop/v1`)).toEqual({
      reachable: false,
      error: 'more than 20 redirects',
    });
  });

  it('sends the API key when given one, and no Authorization header otherwise', async () => {
    authorizations.length = 0;
    await probeEndpoint(`${server.origin}/sim/v1`, 5000, 'sk-test');
    await probeEndpoint(`${server.origin}/sim/v1`);
    expect(authorizations).toEqual(['Bearer sk-test', undefined]);
  });

  it('says why a server cannot be reached: nobody listening, no answer in time, a URL it cannot ask', async () => {
    const closed = createServer();
    const gone = await listen(closed, 0, '127.0.0.1');
    await gone.close();
    expect(await probeEndpoint(`${gone.origin}/v1`)).toEqual({
      reachable: false,
      error: `connect ECONNREFUSED 127.0.0.1:${gone.port}`,
    });
    expect(await probeEndpoint(`${server.origin}/silent/v1`, 200)).toEqual({
      reachable: false,
      error: 'no answer within 200 ms',
    });
    expect(await probeEndpoint('ftp://127.0.0.1/v1')).toEqual({ reachable: false, error: 'unsupported protocol ftp:' });
    expect(await probeEndpoint('not a url')).toMatchObject({ reachable: false, error: expect.stringMatching(/URL/) });
  });
});
