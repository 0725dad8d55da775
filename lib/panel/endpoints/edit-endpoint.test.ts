// Editing a saved endpoint: its name, URL, model, key variable, timeouts and prices change, parts not
// given stay, and experiments already started on it (or with a variant on it) keep the copy they took.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExperiment } from '../../db/queries/experiments';
import { getEndpointByName } from '../../db/queries/endpoints';
import { InputError, NotFoundError } from '../../errors';
import { createExperimentFromRequest } from '../experiments/create';
import { CreateEndpointRequest, CreateExperimentRequest, UpdateEndpointRequest } from '../experiments/requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';
import { createEndpointFromRequest, updateEndpointFromRequest } from './endpoints';

let panel: TestPanel;
beforeAll(async () => {
  panel = await openTestPanel();
});
afterAll(async () => {
  await panel?.dispose();
});

const update = (id: string, change: Record<string, unknown>) =>
  updateEndpointFromRequest(panel, id, UpdateEndpointRequest.parse(change));

describe('editing a saved endpoint', () => {
  it('changes what is given, keeps the rest, and leaves experiments started on it as they were', async () => {
    const created = createEndpointFromRequest(
      panel,
      CreateEndpointRequest.parse({
        name: 'to-edit',
        baseUrl: panel.simulatorUrl(),
        model: 'functiongemma-270m-it-sim',
        requestTimeouts: { idleMs: 7000 },
        pricePerMillionTokens: { input: 0.5, output: 1.5 },
      }),
    );
    const { id: experimentId } = await createExperimentFromRequest(
      panel,
      CreateExperimentRequest.parse({
        agent: 'harness',
        variants: [{ name: 'a' }, { name: 'b', endpoint: { name: 'to-edit' } }],
        endpoint: { name: 'to-edit' },
        requestsPerVariant: 1,
      }),
    );
    await panel.jobRunner.whenDone(experimentId);
    const before = JSON.stringify(getExperiment(panel.database, experimentId)?.config);

    // Only the model: the rest stays.
    expect(update(created.id, { model: 'qwen3-0.6b' })).toMatchObject({
      name: 'to-edit',
      model: 'qwen3-0.6b',
      requestTimeouts: { idleMs: 7000 },
      pricePerMillionTokens: { input: 0.5, output: 1.5 },
    });
    const edited = update(created.id, {
      name: 'edited',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKeyEnv: 'EDITED_KEY',
      requestTimeouts: { totalMs: 1000 },
      pricePerMillionTokens: null,
    });
    expect(edited).toEqual({
      ...created,
      name: 'edited',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'qwen3-0.6b',
      apiKeyEnv: 'EDITED_KEY',
      requestTimeouts: { totalMs: 1000 },
      pricePerMillionTokens: null,
    });
    expect(getEndpointByName(panel.database, 'to-edit')).toBeNull();
    expect(update(created.id, { apiKeyEnv: null, requestTimeouts: null })).toMatchObject({
      apiKeyEnv: null,
      requestTimeouts: {},
    });

    // The experiment, and its variant on the endpoint, kept the settings of the day they started.
    expect(JSON.stringify(getExperiment(panel.database, experimentId)?.config)).toBe(before);
    const stored = JSON.parse(before).experiment;
    expect(stored.endpoint).toMatchObject({ baseUrl: panel.simulatorUrl(), model: 'functiongemma-270m-it-sim' });
    expect(stored.variants[1]).toMatchObject({ endpointName: 'to-edit', requestTimeouts: { idleMs: 7000 } });
  }, 120_000);

  it('refuses, in plain words, a taken name, a pasted key, the built-in simulator, an unknown id, nothing', () => {
    const one = createEndpointFromRequest(
      panel,
      CreateEndpointRequest.parse({ name: 'one', baseUrl: 'http://h:1/v1', model: 'm' }),
    );
    createEndpointFromRequest(
      panel,
      CreateEndpointRequest.parse({ name: 'two', baseUrl: 'http://h:2/v1', model: 'm' }),
    );
    expect(() => update(one.id, { name: 'two' })).toThrow(InputError);
    expect(() => update(one.id, { apiKeyEnv: 'AKIAIOSFODNN7EXAMPLE' })).toThrow(/not a key; nothing was saved/);
    const simulated = getEndpointByName(panel.database, 'simulated')!;
    expect(() => update(simulated.id, { model: 'other' })).toThrow('the built-in simulator cannot be edited');
    expect(() => update('no-such-id', { model: 'other' })).toThrow(NotFoundError);
    expect(getEndpointByName(panel.database, 'one')).toMatchObject({ name: 'one', apiKeyEnv: null });
    const nothing = UpdateEndpointRequest.safeParse({});
    expect(nothing.success ? [] : nothing.error.issues.map((issue) => issue.message)).toEqual([
      'give at least one of name, baseUrl, model, apiKeyEnv, requestTimeouts, pricePerMillionTokens',
    ]);
  });
});
