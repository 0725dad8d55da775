import { describe, expect, it } from 'vitest';
import { initialDraft, type ExperimentFormOptions } from './form-drafts';
import { requestBodyOf } from './form-request';

const options: ExperimentFormOptions = {
  agents: [
    { name: 'harness', systemPrompt: 'You call tools.', tools: [], inputCount: 5, maxTurns: 2, savedVariants: [] },
  ],
  invalidAgents: [],
  endpoints: [
    { name: 'simulated', model: 'sim', builtIn: true, baseUrl: 'http://127.0.0.1:1/v1' },
    { name: 'qwen', model: 'qwen3-0.6b', builtIn: false, baseUrl: 'http://gpu:8080/v1' },
  ],
  datasets: [],
};

type SentVariant = { name: string; baseUrl?: string; model?: string; settings: { family?: string } };

function sentVariants(change: (draft: ReturnType<typeof initialDraft>['draft']) => void) {
  const { draft } = initialDraft(options, { agent: 'harness' });
  change(draft);
  const { body, errors } = requestBodyOf(draft, options);
  return { variants: body.variants as SentVariant[], errors };
}

describe('requestBodyOf: a variant on its own server, model and family (a model A/B)', () => {
  it('sends nothing of the kind for a variant on the experiment endpoint', () => {
    const { variants, errors } = sentVariants(() => {});
    expect(errors).toEqual({});
    expect(variants.map((variant) => [variant.baseUrl, variant.model, variant.settings.family])).toEqual([
      [undefined, undefined, undefined],
      [undefined, undefined, undefined],
    ]);
  });

  it('names a saved endpoint (the API resolves it whole), another model and the family', () => {
    const saved = sentVariants((draft) => {
      draft.variants[1] = { ...draft.variants[1], server: 'saved:qwen', family: 'hermes' };
    });
    expect(saved.variants[1]).toMatchObject({ endpoint: { name: 'qwen' }, settings: { family: 'hermes' } });
    // Its URL and model are the saved endpoint's own, read by the API, not copied by the form.
    expect(saved.variants[1]).not.toHaveProperty('baseUrl');
    expect(saved.variants[1]).not.toHaveProperty('model');
    const named = sentVariants((draft) => {
      draft.variants[1] = { ...draft.variants[1], server: 'saved:qwen', model: ' qwen3-1.7b ' };
    });
    expect(named.variants[1]).toMatchObject({ endpoint: { name: 'qwen' }, model: 'qwen3-1.7b' });
  });

  it('sends another model alone on the experiment endpoint (an adapter, say)', () => {
    const { variants } = sentVariants((draft) => {
      draft.variants[0] = { ...draft.variants[0], model: 'my-lora' };
    });
    expect(variants[0].model).toBe('my-lora');
    expect(variants[0].baseUrl).toBeUndefined();
  });

  it('asks for the base URL and the model of a typed server, beside their fields', () => {
    const { errors } = sentVariants((draft) => {
      draft.variants[1] = { ...draft.variants[1], server: 'url', baseUrl: ' ' };
    });
    expect(errors).toEqual({
      'variants.1.baseUrl': ['is required'],
      'variants.1.model': ['is required with a base URL'],
    });
    const typed = sentVariants((draft) => {
      draft.variants[1] = { ...draft.variants[1], server: 'url', baseUrl: 'http://h:1/v1', model: 'm' };
    });
    expect(typed.errors).toEqual({});
    expect(typed.variants[1]).toMatchObject({ baseUrl: 'http://h:1/v1', model: 'm' });
  });

  it('names a saved endpoint that is gone', () => {
    const { errors } = sentVariants((draft) => {
      draft.variants[1] = { ...draft.variants[1], server: 'saved:deleted' };
    });
    expect(errors).toEqual({ 'variants.1.server': ['names no saved endpoint "deleted"'] });
  });
});

describe('requestBodyOf: the folders the inputs may read files from', () => {
  const sent = (inputRoots: string | undefined) => {
    const { draft } = initialDraft(options, { agent: 'harness' });
    draft.inputRoots = inputRoots;
    return requestBodyOf(draft, options).body.inputRoots;
  };

  it('sends the folders named, one a line (or comma), and nothing when none is named', () => {
    expect(sent('tests/fixtures\n  ../shared/code , more ')).toEqual(['tests/fixtures', '../shared/code', 'more']);
    expect(sent('  \n ')).toBeUndefined();
    expect(sent(undefined)).toBeUndefined();
  });
});
