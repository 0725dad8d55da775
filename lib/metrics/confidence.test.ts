import { describe, expect, it } from 'vitest';
import { summarizeExperiment } from './summarize';
import { SummaryJson, toSummaryJson } from './summary-json';
import { formatSummaryTable } from '../cli/format-table';
import { input, modelCalls } from './test-input';

describe('mean tool-name confidence', () => {
  const facts = {
    ...input(['baseline', 'adapter', 'plain'], {
      modelCalls: [modelCalls('baseline', 3), modelCalls('adapter', 2), modelCalls('plain', 1)],
    }),
    toolNameConfidence: [
      { variant: 'baseline', total: 1.8, count: 3 },
      { variant: 'adapter', total: 0.9, count: 1 },
      { variant: 'adapter', total: 0.7, count: 1 },
    ],
  };

  it('is the mean over the responses that had one, per variant, and null where none had logprobs', () => {
    const summary = summarizeExperiment('e', 'completed', facts);
    expect(summary.variants.map((variant) => variant.meanToolNameConfidence)).toEqual([
      expect.closeTo(0.6, 12),
      expect.closeTo(0.8, 12),
      null,
    ]);
  });

  it('is an added key of the summary JSON, null without logprobs, and valid under the strict schema', () => {
    const json = toSummaryJson(summarizeExperiment('e', 'completed', facts));
    expect(json.variants[0].meanToolNameConfidence).toBeCloseTo(0.6, 12);
    expect(json.variants[2].meanToolNameConfidence).toBeNull();
    expect(SummaryJson.safeParse(json).success).toBe(true);
    const without = toSummaryJson(
      summarizeExperiment('e', 'completed', input(['a'], { modelCalls: [modelCalls('a', 1)] })),
    );
    expect(without.variants[0].meanToolNameConfidence).toBeNull();
  });

  it('shows a line in the table only when some variant has it', () => {
    expect(formatSummaryTable(summarizeExperiment('e', 'completed', facts))).toContain(
      'Mean tool-name confidence (from logprobs): baseline 60.0%, adapter 80.0%, plain —',
    );
    expect(
      formatSummaryTable(summarizeExperiment('e', 'completed', input(['a'], { modelCalls: [modelCalls('a', 1)] }))),
    ).not.toContain('confidence');
  });
});
