import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  initialDraft,
  nextVariantName,
  promptSources,
  type ExperimentFormOptions,
} from './form-drafts';
import { fieldOfPath, placeReasons, readableReason } from './form-reasons';
import { requestBodyOf } from './form-request';

const options: ExperimentFormOptions = {
  agents: [
    {
      name: 'harness',
      systemPrompt: 'You call tools.',
      tools: ['simple_tool', 'submit_result'],
      inputCount: 5,
      maxTurns: 2,
      savedVariants: [
        {
          id: 'id-1',
          name: 'directive',
          version: 3,
          systemPrompt: 'Always call a tool.',
          nodeContext: 'Document {{ node_name }}',
        },
      ],
    },
    {
      name: 'smart_home',
      systemPrompt: 'Home.',
      tools: ['toggle_lights'],
      inputCount: 3,
      maxTurns: 3,
      savedVariants: [],
    },
  ],
  invalidAgents: ['broken'],
  endpoints: [
    { name: 'simulated', model: 'sim', builtIn: true, baseUrl: 'http://127.0.0.1:1/v1' },
    { name: 'gpu', model: 'functiongemma', builtIn: false, baseUrl: 'http://gpu:8000/v1' },
  ],
  datasets: [
    { id: 'ds-1', name: 'home cases', caseCount: 45 },
    { id: 'ds-2', name: 'lights', caseCount: 4, toolNames: ['toggle_lights'] },
  ],
};

describe('initialDraft', () => {
  it('starts with two variants on the first agent’s prompt and the simulator', () => {
    const { draft, notices } = initialDraft(options);
    expect(notices).toEqual([]);
    expect(draft.agent).toBe('harness');
    expect(draft.variants.map((variant) => [variant.name, variant.source, variant.systemPrompt])).toEqual([
      ['baseline', 'agent', 'You call tools.'],
      ['variant-b', 'agent', 'You call tools.'],
    ]);
    expect(draft.endpoint).toBe('simulated');
    expect(draft.inputSource).toBe('agent');
  });

  it('keeps a dataset out of the draft when it expects tools the agent does not have, and says so', () => {
    const { draft, notices } = initialDraft(options, { agent: 'harness', dataset: 'lights' });
    expect(draft.inputSource).toBe('agent');
    expect(notices).toEqual([
      'Dataset "lights" expects tools agent "harness" does not have (toggle_lights); the agent\'s own inputs are used.',
    ]);
    expect(initialDraft(options, { agent: 'smart_home', dataset: 'lights' }).draft.inputSource).toBe('dataset:ds-2');
  });

  it('takes the agent, a saved variant (by name or id) and a dataset from the query', () => {
    const byName = initialDraft(options, { agent: 'harness', variant: 'directive', dataset: 'home cases' }).draft;
    expect(byName.variants.map((variant) => [variant.name, variant.source, variant.systemPrompt])).toEqual([
      ['baseline', 'agent', 'You call tools.'],
      ['directive', 'saved:id-1', 'Always call a tool.'],
    ]);
    expect(byName.inputSource).toBe('dataset:ds-1');
    expect(byName.requestsPerVariant).toBe('45');
    expect(initialDraft(options, { agent: 'harness', variant: 'id-1' }).draft.variants[1].source).toBe('saved:id-1');
    expect(initialDraft(options, { agent: 'smart_home' }).draft.variants[0].systemPrompt).toBe('Home.');
  });

  it('says what the query asked for that is not there', () => {
    expect(initialDraft(options, { agent: 'nobody' }).notices).toEqual(['There is no agent named "nobody".']);
    expect(initialDraft(options, { agent: 'broken' }).notices).toEqual([
      'Agent "broken" cannot run: its definition has problems.',
    ]);
    const missing = initialDraft(options, { agent: 'harness', variant: 'gone', dataset: 'nope' });
    expect(missing.notices).toEqual([
      'Agent "harness" has no saved prompt variant "gone".',
      'There is no dataset "nope".',
    ]);
    expect(missing.draft.variants).toHaveLength(2);
  });
});

describe('requestBodyOf', () => {
  it('sends the difference to tell and the no-worse margin in rate units, and names text that is not points', () => {
    const { draft } = initialDraft(options, { agent: 'harness' });
    draft.plannedDifference = '10';
    draft.noWorseMargin = '2.5';
    expect(requestBodyOf(draft, options).body).toMatchObject({ plannedDifference: 0.1, noWorseMargin: 0.025 });
    draft.noWorseMargin = 'a few';
    expect(requestBodyOf(draft, options).errors).toEqual({
      noWorseMargin: ['must be percentage points, not "a few"'],
    });
  });

  it('builds the API request with every variant setting', () => {
    const { draft } = initialDraft(options, { agent: 'harness', variant: 'directive' });
    draft.variants[1].settings = {
      ...DEFAULT_SETTINGS,
      toolChoice: 'submit_result',
      temperature: '0.7',
      maxTokens: '128',
      historyMode: 'initial-only',
      responsePreference: 'content-first',
      forceSubmitOnLastTurn: true,
      toolPresentation: 'system-prompt',
      logprobs: true,
    };
    draft.endpoint = 'gpu';
    draft.maxTurns = '4';
    const { body, errors } = requestBodyOf(draft, options);
    expect(errors).toEqual({});
    expect(body).toEqual({
      agent: 'harness',
      variants: [
        {
          name: 'baseline',
          systemPrompt: 'You call tools.',
          settings: {
            toolChoice: 'auto',
            temperature: 0,
            historyMode: 'full',
            responsePreference: 'tool_calls-first',
            forceSubmitOnLastTurn: false,
            toolPresentation: 'native',
          },
        },
        {
          name: 'directive',
          systemPrompt: 'Always call a tool.',
          nodeContext: 'Document {{ node_name }}',
          settings: {
            toolChoice: 'submit_result',
            temperature: 0.7,
            maxTokens: 128,
            historyMode: 'initial-only',
            responsePreference: 'content-first',
            forceSubmitOnLastTurn: true,
            toolPresentation: 'system-prompt',
            logprobs: true,
            topLogprobs: 5,
          },
        },
      ],
      endpoint: { name: 'gpu' },
      requestsPerVariant: 20,
      concurrency: 4,
      maxTurns: 4,
      // The difference the form shows, 5 points, unless changed.
      plannedDifference: 0.05,
    });
    draft.inputSource = 'dataset:ds-1';
    draft.endpoint = 'simulated';
    expect(requestBodyOf(draft, options).body).toMatchObject({ dataset: 'ds-1', endpoint: { kind: 'simulated' } });
    expect(requestBodyOf(draft, options).body).not.toHaveProperty('scoring');
    draft.scoring = 'bfcl';
    expect(requestBodyOf(draft, options).body).toMatchObject({ dataset: 'ds-1', scoring: 'bfcl' });
    // Scoring without a dataset is refused by the API: the form never sends it.
    draft.inputSource = 'agent';
    expect(requestBodyOf(draft, options).body).not.toHaveProperty('scoring');
  });

  it('names the fields whose text is not a number, and leaves ranges to the API', () => {
    const { draft } = initialDraft(options);
    draft.requestsPerVariant = 'lots';
    draft.concurrency = '';
    draft.variants[0].settings.temperature = 'warm';
    draft.variants[1].settings.maxTokens = '1.5';
    expect(requestBodyOf(draft, options).errors).toEqual({
      requestsPerVariant: ['must be a whole number, not "lots"'],
      concurrency: ['is required'],
      'variants.0.settings.temperature': ['must be a number, not "warm"'],
      'variants.1.settings.maxTokens': ['must be a whole number, not "1.5"'],
    });
    draft.requestsPerVariant = '0';
    draft.concurrency = '4';
    draft.variants[0].settings.temperature = '0';
    draft.variants[1].settings.maxTokens = '';
    expect(requestBodyOf(draft, options)).toMatchObject({ errors: {}, body: { requestsPerVariant: 0 } });
  });
});

describe('the API reasons beside the fields', () => {
  it('places each reason at its field', () => {
    expect(fieldOfPath('variants.1.name')).toBe('variants.1.name');
    expect(fieldOfPath('variants.0.settings.toolChoice')).toBe('variants.0.settings.toolChoice');
    expect(fieldOfPath('variants.2')).toBe('variants.2.name');
    expect(fieldOfPath('endpoint.baseUrl')).toBe('endpoint');
    // A variant's own server: beside its Server, Base URL and Model fields.
    expect(fieldOfPath('variants.1.endpoint.name')).toBe('variants.1.server');
    expect(fieldOfPath('variants.1.baseUrl')).toBe('variants.1.baseUrl');
    expect(fieldOfPath('variants.1.model')).toBe('variants.1.model');
    expect(fieldOfPath('dataset')).toBe('inputs');
    expect(fieldOfPath('colour')).toBeNull();
    expect(
      placeReasons([
        'requestsPerVariant: Too small: expected number to be >=1',
        'variants.1.name: variant name "baseline" is used twice',
        'Unrecognized key: "colour"',
      ]),
    ).toEqual({
      fields: {
        requestsPerVariant: ['Too small: expected number to be >=1'],
        'variants.1.name': ['variant name "baseline" is used twice'],
      },
      general: ['Unrecognized key: "colour"'],
    });
  });

  it('writes reasons with the form’s labels', () => {
    expect(readableReason('requestsPerVariant: Too small')).toBe('Conversations per variant: Too small');
    expect(readableReason('variants.1.name: variant name "baseline" is used twice')).toBe(
      'Variant 2 name: variant name "baseline" is used twice',
    );
    expect(readableReason('variants.0.settings.temperature: Too big')).toBe('Variant 1 temperature: Too big');
    expect(readableReason('dataset: no dataset named "x"')).toBe('Inputs: no dataset named "x"');
  });
});

describe('small helpers', () => {
  it('offers the agent prompt and the saved variants as sources, and finds a free name', () => {
    expect(promptSources(options.agents[0]).map((source) => source.label)).toEqual([
      "harness's system prompt",
      'saved: directive v3',
    ]);
    expect(nextVariantName(['baseline', 'variant-a', 'variant-b'])).toBe('variant-c');
  });
});
