// The API reads the same limits table as the command line (test/cli-errors.test.ts refuses the same
// numbers there): each bound is accepted at its edge and refused one past it, with the bound named.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../protocol/limits';
import { CreateExperimentRequest } from './requests';

const base = {
  agent: 'harness',
  variants: [{ name: 'a' }],
  endpoint: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
  requestsPerVariant: 2,
};

type Case = { field: string; range: { min: number; max: number }; body: (value: number) => Record<string, unknown> };

const CASES: Case[] = [
  { field: 'concurrency', range: LIMITS.concurrency, body: (value) => ({ concurrency: value }) },
  { field: 'requestsPerVariant', range: LIMITS.requestsPerVariant, body: (value) => ({ requestsPerVariant: value }) },
  { field: 'maxTurns', range: LIMITS.maxTurns, body: (value) => ({ maxTurns: value }) },
  { field: 'maxTokens', range: LIMITS.maxTokens, body: (value) => ({ maxTokens: value }) },
  {
    field: 'endpoint.maxResponseBytes',
    range: LIMITS.responseBytes,
    body: (value) => ({ endpoint: { ...base.endpoint, maxResponseBytes: value } }),
  },
  {
    field: 'variants',
    range: LIMITS.variants,
    body: (value) => ({ variants: Array.from({ length: value }, (_, index) => ({ name: `v${index}` })) }),
  },
];

function problems(body: Record<string, unknown>): string[] {
  const parsed = CreateExperimentRequest.safeParse({ ...base, ...body });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the experiment request and the limits table', () => {
  for (const { field, range, body } of CASES) {
    it(`${field}: ${range.min} to ${range.max}, as on the command line`, () => {
      expect(problems(body(range.max))).toEqual([]);
      expect(problems(body(range.min))).toEqual([]);
      const over = problems(body(range.max + 1));
      expect(over).toHaveLength(1);
      expect(over[0]).toMatch(new RegExp(`^${field.replace('.', '\\.')}: .*${range.max}`));
      expect(problems(body(range.min - 1))).toHaveLength(1);
    });
  }
});
