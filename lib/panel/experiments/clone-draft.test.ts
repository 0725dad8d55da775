// "Run again with these settings" on a model A/B: each variant's own server (a saved endpoint or a
// typed URL), model and family come back into the form, so that starting it sends the same experiment.
import { describe, expect, it } from 'vitest';
import { StoredConfig } from '../../experiment-config/stored-config';
import { draftOfStored } from './clone-draft';
import type { ExperimentFormOptions } from './form-drafts';
import { requestBodyOf } from './form-request';

const options: ExperimentFormOptions = {
  agents: [
    { name: 'harness', systemPrompt: 'You call tools.', tools: [], inputCount: 1, maxTurns: 2, savedVariants: [] },
  ],
  invalidAgents: [],
  endpoints: [
    { name: 'simulated', model: 'sim', builtIn: true, baseUrl: 'http://127.0.0.1:1/v1' },
    { name: 'qwen', model: 'qwen3-0.6b', builtIn: false, baseUrl: 'http://gpu:8080/v1' },
    { name: 'llama', model: 'llama-3.2-1b', builtIn: false, baseUrl: 'http://cpu:8081/v1' },
  ],
  datasets: [],
};

function stored(variants: Record<string, unknown>[]): StoredConfig {
  return StoredConfig.parse({
    experiment: {
      agent: 'harness',
      variants,
      endpoint: { baseUrl: 'http://127.0.0.1:1/v1', model: 'sim', simulated: true },
      inputs: [{ node_text: 'def f(): pass' }],
      requestsPerVariant: 4,
    },
    agent: {
      name: 'harness',
      maxTurns: 2,
      systemPrompt: 'You call tools.',
      nodeContext: '{{node_text}}',
      textAnswerEnds: false,
      settings: {},
      tools: [],
    },
    tools: [],
    variants: variants.map((variant) => ({ name: variant.name })),
  });
}

const server = (variant: { server?: string; baseUrl?: string; model?: string; family?: string }) => [
  variant.server ?? '',
  variant.baseUrl ?? '',
  variant.model ?? '',
  variant.family ?? '',
];

describe('draftOfStored: each variant’s own server, model and family', () => {
  const { draft, notices } = draftOfStored(
    stored([
      { name: 'baseline', settings: {} },
      {
        name: 'qwen',
        endpointName: 'qwen',
        baseUrl: 'http://gpu:8080/v1',
        model: 'qwen3-0.6b',
        apiKeyEnv: 'QWEN_KEY',
        settings: { family: 'hermes' },
      },
      { name: 'qwen-big', endpointName: 'qwen', baseUrl: 'http://gpu:8080/v1', model: 'qwen3-1.7b', settings: {} },
      { name: 'typed', baseUrl: 'http://elsewhere:9000/v1', model: 'granite-3b', settings: { family: 'granite' } },
      { name: 'adapter', model: 'my-lora', settings: {} },
      // Stored before variants named their endpoint: found by its URL.
      { name: 'older', baseUrl: 'http://cpu:8081/v1', model: 'llama-3.2-1b', settings: { family: 'llama3-json' } },
    ]),
    options,
  );

  it('fills the form as it ran', () => {
    expect(draft.variants.map(server)).toEqual([
      ['', '', '', ''],
      // On its saved endpoint with the endpoint's own model: the model field stays empty (the endpoint's).
      ['saved:qwen', '', '', 'hermes'],
      ['saved:qwen', '', 'qwen3-1.7b', ''],
      ['url', 'http://elsewhere:9000/v1', 'granite-3b', 'granite'],
      ['', '', 'my-lora', ''],
      ['saved:llama', '', '', 'llama3-json'],
    ]);
    expect(notices).toEqual([]);
  });

  it('starts the same experiment again', () => {
    const { body, errors } = requestBodyOf(draft, options);
    expect(errors).toEqual({});
    const sent = body.variants as {
      endpoint?: { name: string };
      baseUrl?: string;
      model?: string;
      settings: { family?: string };
    }[];
    expect(
      sent.map((variant) => [variant.endpoint?.name, variant.baseUrl, variant.model, variant.settings.family]),
    ).toEqual([
      [undefined, undefined, undefined, undefined],
      ['qwen', undefined, undefined, 'hermes'],
      ['qwen', undefined, 'qwen3-1.7b', undefined],
      [undefined, 'http://elsewhere:9000/v1', 'granite-3b', 'granite'],
      [undefined, undefined, 'my-lora', undefined],
      ['llama', undefined, undefined, 'llama3-json'],
    ]);
  });

  it('names a saved endpoint that is gone or points elsewhere now, and keeps the URL it ran on', () => {
    const moved = draftOfStored(
      stored([
        { name: 'a', settings: {} },
        { name: 'b', endpointName: 'gone', baseUrl: 'http://old:1/v1', model: 'm', apiKeyEnv: 'OLD_KEY', settings: {} },
      ]),
      options,
    );
    expect(server(moved.draft.variants[1])).toEqual(['url', 'http://old:1/v1', 'm', '']);
    expect(moved.notices).toEqual([
      'Variant "b" ran on the saved endpoint "gone" at http://old:1/v1, which no saved endpoint serves now: ' +
        'its URL is filled in, without its API key variable OLD_KEY; pick a saved endpoint to send one.',
    ]);
  });
});
