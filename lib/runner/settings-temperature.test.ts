// Issue 28 item 6: a bad temperature is refused in plain words, not in the validation library's.
import { describe, expect, it } from 'vitest';
import { zodReasons } from '../http/read-request';
import { CreateExperimentRequest, VariantRequest } from '../panel/experiments/requests';

const PLAIN = 'Temperature must be a number from 0 to 2';

describe('temperature', () => {
  it.each([null, 'warm', -0.5, 2.5])('%s is refused in plain words', (temperature) => {
    const variant = VariantRequest.safeParse({ name: 'a', settings: { temperature } });
    expect(variant.success).toBe(false);
    expect(zodReasons(variant.error!)).toEqual([`settings.temperature: ${PLAIN}`]);
    const experiment = CreateExperimentRequest.safeParse({
      agent: 'harness',
      variants: [{ name: 'a' }],
      endpoint: { kind: 'simulated' },
      requestsPerVariant: 1,
      temperature,
    });
    expect(experiment.success).toBe(false);
    expect(zodReasons(experiment.error!)).toContain(`temperature: ${PLAIN}`);
  });
});
