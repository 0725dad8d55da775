import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPatch } from 'diff';
import { parse as parseYaml } from 'yaml';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../../lib/agents/load';
import { PROJECT_ROOT, runAgentConversation } from '../../lib/python/testing/agent-conversation';
import { structuredCall, assertScriptsComplete } from '../../lib/testing/scripted-model';
import { ToolWorkerPool } from '../../lib/tools/worker-pool';

// Every scripted turn must be asked for: a conversation that ended early fails its test.
afterEach(assertScriptsComplete);

const folder = fileURLToPath(new URL('.', import.meta.url));
const pool = new ToolWorkerPool({ size: 2 });
afterAll(() => pool.close());

const fixtures = [
  { weight_kg: 1.5, method: 'express', country: 'FR' },
  { weight_kg: 0.25, method: 'pickup', country: 'GB', express_surcharge: 0 },
  { weight_kg: 12, method: 'standard', country: 'no' },
];

/** The file a diff adds, read back from its + lines. */
function addedFile(diff: string, name: string): string {
  const patch = diff.split(/(?=^--- )/m).find((part) => part.includes(`+++ b/${name}\n`));
  if (!patch) throw new Error(`the diff does not add ${name}`);
  const created = applyPatch('', patch);
  if (created === false) throw new Error(`the patch of ${name} does not apply`);
  return created;
}

// Real tools in workers, then the task-success check: slow on a loaded machine, so a generous limit.
describe('the sample_data agent end to end', { timeout: 120_000 }, () => {
  it('reads the signature, writes JSON and YAML fixtures that load back, refuses outside paths, submits', async () => {
    const agent = await loadAgent(folder);
    const input = agent.inputs.find((candidate) => candidate.node_name === 'shipping_cost');
    if (!input?.file_path) throw new Error('no shipping_cost input');
    const original = await readFile(path.join(PROJECT_ROOT, input.file_path));
    const { record, changes } = await runAgentConversation({
      agentFolder: folder,
      input,
      tools: pool,
      turns: [
        structuredCall('analyze_signature', {}),
        structuredCall('write_fixture_file', { fixtures, format: 'json' }),
        // As vLLM would deliver it: the list as JSON text in a string argument.
        structuredCall('write_fixture_file', { fixtures: JSON.stringify(fixtures), format: 'yaml' }),
        structuredCall('write_fixture_file', { fixtures, format: 'json', path: '../outside.json' }),
        structuredCall('write_fixture_file', { fixtures, format: 'json', path: '/tmp/outside.json' }),
        structuredCall('write_fixture_file', {
          fixtures: [{ weight: 'heavy' }],
          format: 'json',
          path: 'fixtures/bad.json',
        }),
        structuredCall('submit_result', { summary: 'three fixtures in two formats', fixtures_generated: 3 }),
      ],
    });

    expect(record.outcome).toBe('submitted');
    const [analysis, json, yaml, escape, absolute, mismatched] = record.toolExecutions;
    expect(analysis.knowledge_delta).toMatchObject({
      function_name: 'shipping_cost',
      parameter_names: ['weight_kg', 'method', 'country', 'express_surcharge'],
      parameter_types: { weight_kg: 'float', method: 'str', country: 'str', express_surcharge: 'float' },
      required_parameters: ['weight_kg'],
      return_type: 'float',
    });
    expect(json).toMatchObject({
      outcome: 'success',
      result: { path: 'fixtures/orders_shipping_cost.json', fixtures: 3, problems: [] },
    });
    expect(yaml).toMatchObject({
      outcome: 'success',
      result: { path: 'fixtures/orders_shipping_cost.yaml', fixtures: 3 },
    });
    for (const refused of [escape, absolute]) {
      expect(refused.outcome).toBe('error');
      expect(refused.error).toContain('outside the workspace');
    }
    expect(mismatched).toMatchObject({
      outcome: 'partial',
      result: {
        problems: ['fixture 0: "weight" is not a parameter', 'fixture 0: required parameter "weight_kg" is missing'],
      },
    });
    expect(record.knowledge).toMatchObject({
      fixture_file: 'fixtures/bad.json',
      fixtures_written: 1,
      parameter_count: 4,
    });

    expect(await readFile(path.join(PROJECT_ROOT, input.file_path))).toEqual(original);
    expect(changes.changedFiles).toEqual([
      'agents/sample_data/samples/fixtures/bad.json',
      'agents/sample_data/samples/fixtures/orders_shipping_cost.json',
      'agents/sample_data/samples/fixtures/orders_shipping_cost.yaml',
    ]);
    const diff = changes.diff ?? '';
    expect(JSON.parse(addedFile(diff, 'agents/sample_data/samples/fixtures/orders_shipping_cost.json'))).toEqual(
      fixtures,
    );
    expect(parseYaml(addedFile(diff, 'agents/sample_data/samples/fixtures/orders_shipping_cost.yaml'))).toEqual(
      fixtures,
    );
  });

  it('refuses formats other than json and yaml, and fixtures that are not data', async () => {
    const agent = await loadAgent(folder);
    const { record, changes } = await runAgentConversation({
      agentFolder: folder,
      input: agent.inputs[0],
      tools: pool,
      turns: [
        structuredCall('write_fixture_file', { fixtures, format: 'xml' }),
        structuredCall('write_fixture_file', { fixtures: 'not json or yaml: [' }),
        structuredCall('write_fixture_file', { fixtures, format: 'yaml', path: 'fixtures/cases.json' }),
        structuredCall('submit_result', { summary: 'none' }),
      ],
    });
    expect(record.toolExecutions[0]).toMatchObject({ outcome: 'error', errorKind: 'invalid_arguments' });
    expect(record.toolExecutions[0].error).toContain('"json", "yaml"');
    expect(record.toolExecutions[1].error).toContain('neither JSON nor YAML');
    expect(record.toolExecutions[2].error).toContain('does not end in .yaml or .yml');
    expect(changes.diff).toBeNull();
  });
});
