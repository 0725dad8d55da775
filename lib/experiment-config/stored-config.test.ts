import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../db/client';
import { inputCountOf, toolsSentBy, variantNamesOf, storedConfigOf } from '../db/experiment-config';
import { createExperiment, getExperiment } from '../db/queries/experiments';
import { resolveSettings } from '../runner/settings';
import type { AgentRuntime } from '../runner/types';
import { ExperimentConfig } from './experiment-config';
import { StoredParts, readStoredConfig, toStoredConfig } from './stored-config';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

const agent: AgentRuntime = {
  name: 'docstring',
  maxTurns: 3,
  systemPrompt: 'You write docstrings.',
  nodeContext: 'Document {{node_name}}.',
  textAnswerEnds: false,
  settings: {},
  tools: [
    {
      name: 'read_file',
      description: 'Reads a file.',
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
      script: '/agents/docstring/tools/read_file.py',
      limits: { timeoutMs: 5000, maxOutputBytes: 65536 },
    },
  ],
};

const TOOL_SENT = {
  type: 'function',
  function: {
    name: 'read_file',
    description: 'Reads a file.',
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
  },
};

/**
 * A row as the first version wrote it (commit 5690065): no endpoint kind, no snapshot model or
 * task-success check, tool limits without workspaceBytes, and none of the settings added since.
 */
const FIRST_VERSION_ROW = JSON.stringify({
  experiment: {
    agent: 'docstring',
    variants: [
      { name: 'baseline', systemPrompt: 'You write docstrings.', settings: {} },
      { name: 'warm', settings: { temperature: 0.7 } },
    ],
    endpoint: { baseUrl: 'http://127.0.0.1:8000/v1', model: 'functiongemma', simulated: false },
    inputs: [{ node_text: 'def add(a, b):\n    return a + b', file_path: 'math.py', node_name: 'add' }],
    requestsPerVariant: 4,
    concurrency: 8,
  },
  agent: { ...agent, tools: agent.tools },
  tools: [TOOL_SENT],
  variants: [{ name: 'baseline' }, { name: 'warm' }],
});

/** An experiment row whose config column holds `text` as it was written (not through the schema). */
function rowHolding(text: string): string {
  const config = toStoredConfig(
    ExperimentConfig.parse({
      agent: 'docstring',
      variants: [{ name: 'baseline' }],
      endpoint: { baseUrl: 'http://127.0.0.1:8000/v1', model: 'functiongemma' },
      inputs: [{ node_text: 'x' }],
      requestsPerVariant: 1,
    }),
    agent,
  );
  const { id } = createExperiment(database, {
    agentName: 'docstring',
    config,
    simulated: false,
    totalConversations: 1,
  });
  database.$client.prepare('UPDATE experiments SET config = ? WHERE id = ?').run(text, id);
  return id;
}

describe('the stored settings', () => {
  it('of a row the first version wrote load, with the defaults of the settings added since', () => {
    const id = rowHolding(FIRST_VERSION_ROW);
    const stored = readStoredConfig(getExperiment(database, id)?.config);
    expect(stored.experiment.endpoint).toEqual({
      kind: 'http',
      baseUrl: 'http://127.0.0.1:8000/v1',
      model: 'functiongemma',
      simulated: false,
    });
    expect(stored.experiment.variants[1].settings).toMatchObject({ temperature: 0.7, toolChoice: 'auto' });
    expect(stored.agent.tools[0].limits).toEqual({ timeoutMs: 5000, maxOutputBytes: 65536 });
    // A variant's runner settings resolve from it as they did then.
    expect(resolveSettings({ ...stored.experiment.variants[1].settings, model: 'functiongemma' })).toMatchObject({
      temperature: 0.7,
      toolChoice: 'auto',
      historyMode: 'full',
    });
    // The storage layer's readings take the same row.
    const config = storedConfigOf(database, id);
    expect(variantNamesOf(config)).toEqual(['baseline', 'warm']);
    expect(inputCountOf(config)).toBe(1);
    expect(toolsSentBy(config, 1)).toEqual({ ok: true, value: [TOOL_SENT] });
  });

  it('are written through the schema: what is stored reads back as it was made', () => {
    const experiment = ExperimentConfig.parse({
      agent: 'docstring',
      variants: [{ name: 'baseline', settings: { toolChoice: 'required' } }],
      endpoint: { kind: 'embedded', model: 'tiny.gguf' },
      inputs: [{ node_text: 'x' }],
      requestsPerVariant: 2,
      primaryMetric: 'toolCallRate',
    });
    const stored = toStoredConfig(experiment, { ...agent, settings: { workspace: true } });
    expect(stored.tools).toEqual([TOOL_SENT]);
    expect(stored.variants).toEqual([{ name: 'baseline' }]);
    const read = readStoredConfig(JSON.parse(JSON.stringify(stored)));
    expect(read.experiment).toEqual(experiment);
    expect(read.agent.settings).toEqual({ workspace: true });
  });

  it('refuse a row whose tools are not the tools parameter, naming where', () => {
    const broken = JSON.parse(FIRST_VERSION_ROW) as { tools: unknown[] };
    broken.tools = [42];
    const config = storedConfigOf(database, rowHolding(JSON.stringify(broken)));
    expect(() => readStoredConfig(config)).toThrow(/cannot be read/);
    const reading = toolsSentBy(config, 0);
    expect(reading.ok).toBe(false);
    expect(reading.ok ? '' : reading.error).toMatch(/tools\[0\]/);
  });

  it('are read in parts by the same schema, without the rest', () => {
    const parts = JSON.parse(FIRST_VERSION_ROW) as Record<string, unknown>;
    delete parts.agent;
    expect(StoredParts.sent.parse(parts).variants.map((variant) => variant.name)).toEqual(['baseline', 'warm']);
    expect(StoredParts.inputs.parse(parts).experiment.inputs).toHaveLength(1);
    // A part still checks what it reads.
    expect(StoredParts.endpoint.safeParse({ experiment: { endpoint: { kind: 'http' }, variants: [] } }).success).toBe(
      false,
    );
  });
});
