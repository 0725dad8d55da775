import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExperimentFormOptions } from '../experiments/form';
import { BUNDLED_SOURCE, datasetsFor, inputsStillApply } from '../experiments/form-choices';
import { createExperimentFromRequest } from '../experiments/create';
import { CreateExperimentRequest } from '../experiments/requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';
import { importBundledDataset } from './bundled';
import { importDatasetText } from './datasets';

let panel: TestPanel;
const smartHomeCases = readFileSync(path.join(process.cwd(), 'agents', 'smart_home', 'dataset.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '').length;

beforeAll(async () => {
  panel = await openTestPanel({ agents: ['harness', 'smart_home'] });
});
afterAll(async () => {
  await panel.dispose();
});

describe("the agent's bundled dataset in the form", () => {
  it('is offered for the agent that ships one, with its case count, and for no other', async () => {
    const options = await getExperimentFormOptions(panel);
    const smartHome = options.agents.find((agent) => agent.name === 'smart_home');
    const harness = options.agents.find((agent) => agent.name === 'harness');
    expect(smartHome?.bundledDataset).toEqual({ file: 'dataset.jsonl', caseCount: smartHomeCases });
    expect(harness?.bundledDataset).toBeNull();
    expect(inputsStillApply(BUNDLED_SOURCE, options, smartHome)).toBe(true);
    expect(inputsStillApply(BUNDLED_SOURCE, options, harness)).toBe(false);
  });

  it('is stored when picked, once, and an experiment runs it as a dataset', async () => {
    const first = await importBundledDataset(panel, 'smart_home');
    expect(first).toMatchObject({
      reused: false,
      dataset: { name: 'smart_home (bundled)', caseCount: smartHomeCases },
    });
    const again = await importBundledDataset(panel, 'smart_home');
    expect(again).toMatchObject({ reused: true, dataset: { id: first.dataset.id } });
    await expect(importBundledDataset(panel, 'harness')).rejects.toThrow(/no bundled dataset/);
    const created = await createExperimentFromRequest(
      panel,
      CreateExperimentRequest.parse({
        agent: 'smart_home',
        variants: [{ name: 'baseline' }],
        endpoint: { kind: 'simulated' },
        dataset: first.dataset.id,
        requestsPerVariant: smartHomeCases,
        concurrency: 2,
      }),
    );
    expect(created.id).toEqual(expect.any(String));
  });

  it("lists only the stored sets whose expected calls name the agent's tools", async () => {
    const stored = (request: Parameters<typeof importDatasetText>[1]) =>
      expect(importDatasetText(panel, request)).toMatchObject({ ok: true });
    stored({
      name: 'harness calls',
      format: 'remora',
      text: `${JSON.stringify({
        id: 'one',
        input: { messages: [{ role: 'user', content: 'ping' }] },
        expect: { kind: 'call', calls: [{ name: 'simple_tool', arguments: { payload: ['ping'] } }] },
      })}\n`,
    });
    stored({
      name: 'own tools',
      format: 'remora',
      text: `${JSON.stringify({
        id: 'two',
        input: { messages: [{ role: 'user', content: 'weather?' }] },
        expect: { kind: 'call', calls: [{ name: 'get_weather', arguments: {} }] },
        tools: [
          {
            type: 'function',
            function: {
              name: 'get_weather',
              description: 'The weather.',
              parameters: { type: 'object', properties: {} },
            },
          },
        ],
      })}\n`,
    });
    const options = await getExperimentFormOptions(panel);
    const names = (agentName: string) => {
      const agent = options.agents.find((candidate) => candidate.name === agentName);
      const { shown, hidden } = datasetsFor(options, agent);
      return { shown: shown.map((dataset) => dataset.name).sort(), hidden };
    };
    expect(options.datasets.find((dataset) => dataset.name === 'smart_home (bundled)')?.toolNames?.sort()).toEqual([
      'get_device_status',
      'intent_unclear',
      'lock_door',
      'set_scene',
      'set_thermostat',
      'toggle_lights',
    ]);
    expect(names('harness')).toEqual({ shown: ['harness calls', 'own tools'], hidden: 1 });
    expect(names('smart_home')).toEqual({ shown: ['own tools', 'smart_home (bundled)'], hidden: 1 });
    const harnessSet = options.datasets.find((dataset) => dataset.name === 'harness calls')!;
    const smartHome = options.agents.find((agent) => agent.name === 'smart_home');
    expect(inputsStillApply(`dataset:${harnessSet.id}`, options, smartHome)).toBe(false);
    expect(inputsStillApply('agent', options, smartHome)).toBe(true);
  });
});
