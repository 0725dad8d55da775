import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEndpointByName } from '../../db/queries/endpoints';
import { InputError, NotFoundError } from '../../errors';
import { BUILT_IN_SIMULATOR_URL } from '../../experiments/built-in-simulator';
import {
  apiKeyState,
  createEndpointFromRequest,
  deleteEndpointById,
  ensureSimulatedEndpoint,
  listEndpointViews,
  testEndpoint,
} from './endpoints';
import { CreateEndpointRequest } from '../experiments/requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
let keyServer: Server;
let keyServerUrl: string;
const authorizations: (string | undefined)[] = [];

beforeAll(async () => {
  panel = await openTestPanel();
  // A server that wants a key, as a hosted OpenAI-compatible one does.
  keyServer = createServer((request, response) => {
    authorizations.push(request.headers.authorization);
    const allowed = request.headers.authorization === 'Bearer sk-endpoint-test';
    response.writeHead(allowed ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(allowed ? { data: [{ id: 'hosted-model' }] } : { error: { message: 'no key' } }));
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  keyServerUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => keyServer?.close(resolve));
  await panel?.dispose();
});

describe('endpoints', () => {
  it('has the built-in simulator, shown with its live URL and stored with the placeholder', async () => {
    const [simulated] = listEndpointViews(panel);
    expect(simulated).toMatchObject({
      name: 'simulated',
      kind: 'simulated',
      builtIn: true,
      baseUrl: panel.simulatorUrl(),
      apiKeyEnv: null,
    });
    expect(getEndpointByName(panel.database, 'simulated')?.baseUrl).toBe(BUILT_IN_SIMULATOR_URL);
    // Making sure twice leaves one row.
    expect(ensureSimulatedEndpoint(panel.database).id).toBe(simulated.id);
    expect(listEndpointViews(panel).filter((endpoint) => endpoint.name === 'simulated')).toHaveLength(1);
    expect(await testEndpoint(panel, simulated.id)).toEqual({
      reachable: true,
      simulated: true,
      models: ['functiongemma-270m-it-sim'],
      httpStatus: 200,
      apiKey: 'not-needed',
    });
  });

  it('tests an endpoint with the key its variable holds, and never returns the key', async () => {
    const endpoint = createEndpointFromRequest(
      panel,
      CreateEndpointRequest.parse({
        name: 'hosted',
        baseUrl: keyServerUrl,
        model: 'hosted-model',
        apiKeyEnv: 'REMORA_TEST_ENDPOINT_KEY',
      }),
    );
    expect(endpoint).toMatchObject({ kind: 'openai', builtIn: false, apiKeyEnv: 'REMORA_TEST_ENDPOINT_KEY' });
    const without = await testEndpoint(panel, endpoint.id);
    // Up, but without the key it lists nothing: not usable, and the answer says why.
    expect(without).toEqual({
      reachable: false,
      error: 'the server answers, but GET /models answered 401, so it does not say that it serves hosted-model',
      apiKey: 'missing',
    });
    process.env.REMORA_TEST_ENDPOINT_KEY = 'sk-endpoint-test';
    try {
      const tested = await testEndpoint(panel, endpoint.id);
      expect(tested).toEqual({
        reachable: true,
        simulated: false,
        models: ['hosted-model'],
        httpStatus: 200,
        apiKey: 'present',
      });
      expect(JSON.stringify(tested)).not.toContain('sk-endpoint-test');
      expect(JSON.stringify(listEndpointViews(panel))).not.toContain('sk-endpoint-test');
      expect(authorizations.at(-1)).toBe('Bearer sk-endpoint-test');
    } finally {
      delete process.env.REMORA_TEST_ENDPOINT_KEY;
    }
  });

  it('is reachable only when the server lists the configured model; else it says which it serves', async () => {
    const other = createEndpointFromRequest(
      panel,
      CreateEndpointRequest.parse({
        name: 'other-model',
        baseUrl: keyServerUrl,
        model: 'gemma-9000',
        apiKeyEnv: 'REMORA_TEST_ENDPOINT_KEY',
      }),
    );
    process.env.REMORA_TEST_ENDPOINT_KEY = 'sk-endpoint-test';
    try {
      expect(await testEndpoint(panel, other.id)).toEqual({
        reachable: false,
        error: 'the server answers, but does not serve gemma-9000; it serves hosted-model',
        apiKey: 'present',
      });
    } finally {
      delete process.env.REMORA_TEST_ENDPOINT_KEY;
    }
  });

  it('reports an unreachable endpoint as data, and refuses bad ones', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const down = createEndpointFromRequest(
      panel,
      CreateEndpointRequest.parse({ name: 'down', baseUrl: `http://127.0.0.1:${closedPort}/v1`, model: 'm' }),
    );
    const tested = await testEndpoint(panel, down.id, 2000);
    expect(tested).toMatchObject({ reachable: false, apiKey: 'not-needed' });
    expect((tested as { error: string }).error).toMatch(/ECONNREFUSED/);
    await expect(testEndpoint(panel, 'missing')).rejects.toBeInstanceOf(NotFoundError);
    expect(() =>
      createEndpointFromRequest(
        panel,
        CreateEndpointRequest.parse({ name: 'down', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }),
      ),
    ).toThrow(InputError);
    expect(
      CreateEndpointRequest.safeParse({ name: 'x', kind: 'simulated', baseUrl: 'http://h/v1', model: 'm' }).error
        ?.issues[0].message,
    ).toMatch(/simulator is built in/);
    expect(
      CreateEndpointRequest.safeParse({ name: 'x', baseUrl: 'http://h/v1', model: 'm', apiKeyEnv: 'sk-live-abc' })
        .success,
    ).toBe(false);
  });

  it('says whether the named key is there', () => {
    expect(apiKeyState(null)).toBe('not-needed');
    expect(apiKeyState('KEY', () => 'value')).toBe('present');
    expect(apiKeyState('KEY', () => undefined)).toBe('missing');
    expect(apiKeyState('KEY', () => '')).toBe('missing');
  });
});

describe('adding and removing endpoints', () => {
  it('refuses a key given where the name of its variable belongs, and saves nothing', () => {
    const count = listEndpointViews(panel).length;
    const error = (() => {
      try {
        createEndpointFromRequest(
          panel,
          CreateEndpointRequest.parse({
            name: 'aws',
            baseUrl: 'http://127.0.0.1:9/v1',
            model: 'm',
            apiKeyEnv: 'AKIAIOSFODNN7EXAMPLE',
          }),
        );
      } catch (failure) {
        return failure as InputError;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(InputError);
    expect(error?.problems[0]).toMatch(/^apiKeyEnv: it looks like a cloud access key id/);
    expect(listEndpointViews(panel)).toHaveLength(count);
  });

  it('removes a saved endpoint but never the built-in simulator', () => {
    const added = createEndpointFromRequest(
      panel,
      CreateEndpointRequest.parse({ name: 'to-remove', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }),
    );
    expect(deleteEndpointById(panel, added.id)).toEqual({ id: added.id, deleted: true });
    expect(listEndpointViews(panel).some((endpoint) => endpoint.id === added.id)).toBe(false);
    expect(() => deleteEndpointById(panel, added.id)).toThrow(NotFoundError);
    const simulated = listEndpointViews(panel).find((endpoint) => endpoint.builtIn)!;
    expect(() => deleteEndpointById(panel, simulated.id)).toThrow(InputError);
  });
});
