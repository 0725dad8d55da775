// A variant on a saved endpoint of its own (a model A/B) resolves it as the experiment's endpoint is
// resolved: its API key variable (the key read from the environment at run time, sent to that server
// only, never stored), its timeouts and its prices. The server here refuses any request without the key.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExperiment } from '../../db/queries/experiments';
import { readStoredConfig } from '../../experiment-config/stored-config';
import { startSimServer, type SimServer } from '../../sim/server';
import { createExperimentFromRequest } from '../experiments/create';
import { experimentPrices } from '../experiments/prices';
import { CreateEndpointRequest, CreateExperimentRequest } from '../experiments/requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';
import { createEndpointFromRequest } from './endpoints';

const KEY_VARIABLE = 'REMORA_TEST_VARIANT_ENDPOINT_KEY';
const key = `sk-variant-${randomBytes(12).toString('hex')}`;
let panel: TestPanel;
let keyed: SimServer;

beforeAll(async () => {
  panel = await openTestPanel();
  keyed = await startSimServer({ port: 0, seed: 3, http500Rate: 0, http429Rate: 0, model: 'qwen-sim', apiKey: key });
  createEndpointFromRequest(
    panel,
    CreateEndpointRequest.parse({
      name: 'keyed',
      baseUrl: keyed.url,
      model: 'qwen-sim',
      apiKeyEnv: KEY_VARIABLE,
      requestTimeouts: { idleMs: 7000 },
      pricePerMillionTokens: { input: 2, output: 8 },
    }),
  );
});
afterAll(async () => {
  delete process.env[KEY_VARIABLE];
  await keyed?.close();
  await panel?.dispose();
});

const start = (variant: Record<string, unknown>) =>
  createExperimentFromRequest(
    panel,
    CreateExperimentRequest.parse({
      agent: 'harness',
      variants: [{ name: 'baseline' }, { name: 'qwen', ...variant }],
      endpoint: { kind: 'simulated' },
      requestsPerVariant: 2,
    }),
  );

/** Every value in every table of the panel's database, as text. */
function everythingStored(): string {
  const client = panel.database.$client;
  const tables = client.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  return tables.map(({ name }) => JSON.stringify(client.prepare(`SELECT * FROM "${name}"`).all())).join('\n');
}

describe('a variant on a saved endpoint of its own', () => {
  it('is refused in plain words while the key variable is not set, and nothing is stored', async () => {
    delete process.env[KEY_VARIABLE];
    const before = everythingStored();
    await expect(start({ endpoint: { name: 'keyed' } })).rejects.toMatchObject({
      problems: [
        `variants.1.endpoint.name: the environment variable ${KEY_VARIABLE} is not set in the panel's environment`,
      ],
    });
    expect(everythingStored()).toBe(before);
  });

  it("sends the endpoint's key with its requests, storing only the variable's name, timeouts, prices", async () => {
    process.env[KEY_VARIABLE] = key;
    const requestsBefore = keyed.stats().requests;
    const { id } = await start({ endpoint: { name: 'keyed' } });
    await panel.jobRunner.whenDone(id);

    // The server answers only requests that bring the key: these all did, and none failed.
    expect(keyed.stats().requests - requestsBefore).toBeGreaterThanOrEqual(2);
    const outcomes = panel.database.$client
      .prepare('SELECT variant_name AS variant, outcome, error FROM conversations WHERE experiment_id = ?')
      .all(id) as { variant: string; outcome: string; error: string | null }[];
    expect(outcomes.filter((row) => row.variant === 'qwen')).toHaveLength(2);
    expect(outcomes.filter((row) => row.outcome === 'error')).toEqual([]);

    const stored = readStoredConfig(getExperiment(panel.database, id)?.config).experiment;
    expect(stored.variants[1]).toMatchObject({
      endpointName: 'keyed',
      baseUrl: keyed.url,
      model: 'qwen-sim',
      apiKeyEnv: KEY_VARIABLE,
      requestTimeouts: { idleMs: 7000 },
      pricePerMillionTokens: { input: 2, output: 8 },
    });
    // The experiment's own endpoint (the simulator) has no key and keeps none.
    expect(stored.endpoint).not.toHaveProperty('apiKeyEnv');
    expect(experimentPrices(panel.database, id)).toEqual({ baseline: null, qwen: { input: 2, output: 8 } });
    // The key itself is nowhere in the database: not the experiment, not a transcript, not a request.
    expect(everythingStored()).not.toContain(key);
    expect(everythingStored()).toContain(KEY_VARIABLE);
  }, 120_000);

  it('takes the model the variant names over the endpoint’s own, and refuses a base URL beside it', async () => {
    process.env[KEY_VARIABLE] = key;
    const { id } = await start({ endpoint: { name: 'keyed' }, model: 'qwen-lora' });
    await panel.jobRunner.whenDone(id);
    expect(readStoredConfig(getExperiment(panel.database, id)?.config).experiment.variants[1].model).toBe('qwen-lora');
    const both = CreateExperimentRequest.safeParse({
      agent: 'harness',
      variants: [{ name: 'a', endpoint: { name: 'keyed' }, baseUrl: keyed.url }],
      endpoint: { kind: 'simulated' },
    });
    expect(both.success).toBe(false);
  }, 120_000);

  it('cannot be the built-in simulator, whose URL changes at every start', async () => {
    await expect(start({ endpoint: { name: 'simulated' } })).rejects.toMatchObject({
      problems: [
        expect.stringMatching(/^variants\.1\.endpoint\.name: choose "simulated" as the experiment’s endpoint/),
      ],
    });
  });
});
