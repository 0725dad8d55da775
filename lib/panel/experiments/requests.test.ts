import { describe, expect, it } from 'vitest';
import { CreateExperimentRequest } from './requests';

describe('the request schema', () => {
  it('gives one reason per problem', () => {
    const parsed = CreateExperimentRequest.safeParse({
      agent: '',
      variants: [{ name: 'x' }, { name: 'x' }],
      endpoint: { baseUrl: 'ftp://x', kind: 'simulated' },
      requestsPerVariant: 0,
      colour: 'blue',
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['agent', 'variants.1.name', 'endpoint.baseUrl', 'requestsPerVariant', '']),
    );
    expect(
      CreateExperimentRequest.safeParse({
        agent: 'a',
        variants: [{ name: 'v' }],
        endpoint: { baseUrl: 'http://h/v1' },
        requestsPerVariant: 1,
      }).error?.issues[0],
    ).toMatchObject({ path: ['endpoint', 'model'] });
    expect(
      CreateExperimentRequest.safeParse({ agent: 'a', variants: [{ name: 'v' }], endpoint: {}, requestsPerVariant: 1 })
        .error?.issues[0].message,
    ).toMatch(/exactly one of/);
  });

  it("takes a variant's own server, model and family (a model A/B), and refuses an unknown family", () => {
    const variant = { name: 'qwen', baseUrl: 'http://127.0.0.1:8080/v1', model: 'Qwen3-0.6B', settings: {} };
    const body = (family: string) => ({
      agent: 'a',
      variants: [{ ...variant, settings: { family } }],
      endpoint: { kind: 'simulated' },
      requestsPerVariant: 1,
    });
    expect(CreateExperimentRequest.parse(body('hermes')).variants[0]).toMatchObject({
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'Qwen3-0.6B',
      settings: { family: 'hermes' },
    });
    expect(CreateExperimentRequest.safeParse(body('gpt')).error?.issues[0].path).toEqual([
      'variants',
      0,
      'settings',
      'family',
    ]);
  });
});
