// A saved endpoint's request timeouts and token prices: stored with it, shown with it, and copied
// into every experiment started from the panel on it (its own copy: removing the endpoint later
// changes nothing), where the request's own timeouts still win.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEndpointByName } from '../../db/queries/endpoints';
import { getExperiment } from '../../db/queries/experiments';
import { readStoredConfig } from '../../experiment-config/stored-config';
import { CreateEndpointRequest, CreateExperimentRequest } from '../experiments/requests';
import { createExperimentFromRequest } from '../experiments/create';
import { openTestPanel, type TestPanel } from '../testing/panel-context';
import { createEndpointFromRequest, listEndpointViews } from './endpoints';
import { resolveEndpoint } from './resolve';
import { preparePlayground, PlaygroundRequest } from '../playground/playground';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

let panel: TestPanel;
beforeAll(async () => {
  panel = await openTestPanel();
});
afterAll(async () => {
  await panel?.dispose();
});

function saved(name: string, extra: Record<string, unknown>) {
  return createEndpointFromRequest(
    panel,
    CreateEndpointRequest.parse({ name, baseUrl: panel.simulatorUrl(), model: 'functiongemma', ...extra }),
  );
}

describe('a saved endpoint with timeouts and prices', () => {
  it('stores the parts it is given and shows them; what is not given stays the default', () => {
    const view = saved('priced', {
      requestTimeouts: { firstByteMs: 5000, idleMs: 2000 },
      pricePerMillionTokens: { input: 0.15, output: 0.6 },
    });
    expect(view).toMatchObject({
      requestTimeouts: { firstByteMs: 5000, idleMs: 2000 },
      pricePerMillionTokens: { input: 0.15, output: 0.6 },
    });
    expect(getEndpointByName(panel.database, 'priced')).toMatchObject({
      firstByteTimeoutMs: 5000,
      idleTimeoutMs: 2000,
      totalTimeoutMs: null,
      inputPricePerMillion: 0.15,
      outputPricePerMillion: 0.6,
    });
    const plain = saved('plain', {});
    expect(plain).toMatchObject({ requestTimeouts: {}, pricePerMillionTokens: null });
    expect(listEndpointViews(panel).find((endpoint) => endpoint.name === 'priced')).toEqual(view);
  });

  it('refuses a negative price, half a price and a zero timeout', () => {
    const refused = (extra: Record<string, unknown>) =>
      CreateEndpointRequest.safeParse({ name: 'x', baseUrl: 'http://h/v1', model: 'm', ...extra }).success;
    expect(refused({ pricePerMillionTokens: { input: -1, output: 1 } })).toBe(false);
    expect(refused({ pricePerMillionTokens: { input: 1 } })).toBe(false);
    expect(refused({ requestTimeouts: { totalMs: 0 } })).toBe(false);
    expect(refused({ requestTimeouts: { totalMs: 1000 }, pricePerMillionTokens: { input: 0, output: 2 } })).toBe(true);
  });

  it('resolves by name with its timeouts and price', async () => {
    saved('slow-server', {
      requestTimeouts: { firstByteMs: 90_000, totalMs: 600_000 },
      pricePerMillionTokens: { input: 1, output: 3 },
    });
    expect(await resolveEndpoint(panel, { name: 'slow-server' }, undefined)).toEqual({
      baseUrl: panel.simulatorUrl(),
      model: 'functiongemma',
      simulated: true,
      requestTimeouts: { firstByteMs: 90_000, totalMs: 600_000 },
      pricePerMillionTokens: { input: 1, output: 3 },
    });
    // Nothing set: nothing passed, so the runner's defaults apply.
    saved('defaults', {});
    const plain = await resolveEndpoint(panel, { name: 'defaults' }, undefined);
    expect(plain).not.toHaveProperty('requestTimeouts');
    expect(plain).not.toHaveProperty('pricePerMillionTokens');
  });

  it('an experiment started on it keeps its timeouts and price; the request’s own timeouts win', async () => {
    saved('for-experiments', {
      requestTimeouts: { idleMs: 7000 },
      pricePerMillionTokens: { input: 0.5, output: 1.5 },
    });
    const start = (endpoint: Record<string, unknown>) =>
      createExperimentFromRequest(
        panel,
        CreateExperimentRequest.parse({ agent: 'harness', variants: [{ name: 'a' }], endpoint, requestsPerVariant: 1 }),
      );
    const endpointOf = async (id: string) => {
      await panel.jobRunner.whenDone(id);
      return readStoredConfig(getExperiment(panel.database, id)?.config).experiment.endpoint;
    };
    const own = await endpointOf((await start({ name: 'for-experiments' })).id);
    expect(own.requestTimeouts).toEqual({ idleMs: 7000 });
    expect(own.pricePerMillionTokens).toEqual({ input: 0.5, output: 1.5 });
    const overridden = await endpointOf(
      (await start({ name: 'for-experiments', requestTimeouts: { totalMs: 1000 } })).id,
    );
    expect(overridden.requestTimeouts).toEqual({ totalMs: 1000 });
  }, 60_000);
});

describe('the playground on a saved endpoint', () => {
  // Lists its model (so the endpoint is reachable) and never answers a chat completion.
  let hanging: Server;
  beforeAll(async () => {
    hanging = createServer((request, response) => {
      if (request.url === '/v1/models') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ object: 'list', data: [{ id: 'slow-model', object: 'model' }] }));
      }
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
  });

  it("uses the endpoint's request timeouts, as experiments do", async () => {
    const port = (hanging.address() as AddressInfo).port;
    createEndpointFromRequest(
      panel,
      CreateEndpointRequest.parse({
        name: 'hangs',
        baseUrl: `http://127.0.0.1:${port}/v1`,
        model: 'slow-model',
        requestTimeouts: { firstByteMs: 200 },
      }),
    );
    const prepared = await preparePlayground(
      panel,
      'harness',
      PlaygroundRequest.parse({ text: 'def f(): pass', endpoint: { name: 'hangs' }, variant: { name: 'try' } }),
    );
    const outcome = await prepared.client.complete({
      model: 'slow-model',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatch(/first byte/);
  }, 60_000);
});
