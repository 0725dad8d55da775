import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodReasons } from '../http/read-request';
import { StartCampaignRequest } from './campaigns/actions';
import { CreateExperimentRequest } from './experiments/requests';
import { LIMITS } from '../protocol/limits';

const LIBRARY_WORDS = /Too big|Too small|Invalid input|Invalid option|Unrecognized key|expected number|<=|>=/;

function reasons(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return zodReasons(parsed.error);
}

const experiment = {
  agent: 'harness',
  variants: [{ name: 'baseline' }],
  endpoint: { kind: 'simulated' },
  requestsPerVariant: 4,
};

describe('validation errors in plain words', () => {
  it('says the concurrency range, the same one for experiments and campaigns, whatever is wrong', () => {
    const range = `must be a whole number from ${LIMITS.concurrency.min} to ${LIMITS.concurrency.max}`;
    for (const concurrency of [0, 300, 2.5, 'many'])
      expect(reasons(CreateExperimentRequest, { ...experiment, concurrency })).toEqual([`concurrency: ${range}`]);
    expect(reasons(StartCampaignRequest, { agent: 'lint', repo: '/tmp/r', model: 'm', concurrency: 1000 })).toEqual([
      `concurrency: ${range}`,
    ]);
  });

  it('never passes the validation library’s own text on', () => {
    const found = reasons(CreateExperimentRequest, {
      ...experiment,
      requestsPerVariant: 0,
      maxTurns: 1000,
      primaryMetric: 'vibes',
      colour: 'blue',
      variants: [{ name: '' }],
    });
    for (const reason of found) expect(reason).not.toMatch(LIBRARY_WORDS);
    expect(found).toContain('requestsPerVariant: must be a whole number from 1 to 1000000');
    expect(found).toContain('unknown field: colour');
    expect(found).toContain('variants.0.name: must not be empty');
    expect(found.find((reason) => reason.startsWith('primaryMetric: must be one of "'))).toBeDefined();
  });

  it('keeps a message the schema wrote itself', () => {
    const schema = z.object({ name: z.string().min(3, { error: 'a name needs three letters' }), age: z.number() });
    expect(reasons(schema, { name: 'a', age: 'old' })).toEqual([
      'name: a name needs three letters',
      'age: must be a number',
    ]);
    expect(reasons(schema, { name: 'abc' })).toEqual(['age: is required']);
  });
});
