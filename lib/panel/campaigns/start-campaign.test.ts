// A campaign started in the panel on its built-in simulator keeps the simulator's identity, not its
// URL: after a restart the simulator listens on another port, and the same start request finds the
// same campaign (resumed) instead of starting it over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCampaign } from '../../db/queries/campaigns';
import { getExperiment } from '../../db/queries/experiments';
import { removeFolders, scratchRepository } from '../../campaigns/testing/campaign-harness';
import { BUILT_IN_SIMULATOR_URL } from '../../experiments/built-in-simulator';
import { readStoredConfig } from '../../experiment-config/stored-config';
import { startSimServer, type SimServer } from '../../sim/server';
import { openTestPanel, type TestPanel } from '../testing/panel-context';
import { CreateEndpointRequest } from '../experiments/requests';
import { createEndpointFromRequest } from '../endpoints/endpoints';
import { StartCampaignRequest, startCampaign } from './actions';

let panel: TestPanel;
let second: SimServer;
const folders: string[] = [];
beforeAll(async () => {
  panel = await openTestPanel({ agents: ['docstring'] });
  second = await startSimServer({ port: 0, seed: 12, latencyMs: 2, http500Rate: 0, http429Rate: 0 });
});
afterAll(async () => {
  await second?.close();
  await panel?.dispose();
  removeFolders(folders);
});

describe('a campaign on the built-in simulator', () => {
  it('is the same campaign after the simulator moves to another port', async () => {
    const repo = scratchRepository(
      { 'pkg/shapes.py': 'def area(width, height):\n    return width * height\n' },
      folders,
    );
    const request = StartCampaignRequest.parse({ agent: 'docstring', repo, model: 'functiongemma' });
    const first = await startCampaign(panel, request);
    const experimentId = getCampaign(panel.database, first.id)!.experimentId;
    expect(readStoredConfig(getExperiment(panel.database, experimentId)!.config).experiment.endpoint.baseUrl).toBe(
      BUILT_IN_SIMULATOR_URL,
    );
    // The panel restarted: its simulator is back on another port.
    const restarted = { ...panel, simulatorUrl: () => second.url };
    expect(await startCampaign(restarted, request)).toEqual({ id: first.id, resumed: true });
    await expect
      .poll(() => getExperiment(panel.database, experimentId)?.status, { timeout: 120_000 })
      .not.toMatch(/pending|running/);
  }, 180_000);

  it('starts on a saved endpoint by name, with its URL, model and request timeouts', async () => {
    createEndpointFromRequest(
      panel,
      CreateEndpointRequest.parse({
        name: 'second-sim',
        baseUrl: second.url,
        model: 'saved-model',
        requestTimeouts: { firstByteMs: 45_000 },
      }),
    );
    const repo = scratchRepository({ 'pkg/circle.py': 'def area(radius):\n    return 3 * radius * radius\n' }, folders);
    const started = await startCampaign(
      panel,
      StartCampaignRequest.parse({ agent: 'docstring', repo, endpoint: 'second-sim' }),
    );
    const experimentId = getCampaign(panel.database, started.id)!.experimentId;
    const endpoint = readStoredConfig(getExperiment(panel.database, experimentId)!.config).experiment.endpoint;
    expect(endpoint).toMatchObject({
      baseUrl: second.url,
      model: 'saved-model',
      requestTimeouts: { firstByteMs: 45_000 },
    });
    await expect
      .poll(() => getExperiment(panel.database, experimentId)?.status, { timeout: 120_000 })
      .not.toMatch(/pending|running/);
    // Neither a URL and a saved endpoint at once, nor a URL without its model.
    expect(
      StartCampaignRequest.safeParse({ agent: 'docstring', repo, endpoint: 'x', baseUrl: second.url }).success,
    ).toBe(false);
    expect(StartCampaignRequest.safeParse({ agent: 'docstring', repo, baseUrl: second.url }).success).toBe(false);
  }, 180_000);
});
