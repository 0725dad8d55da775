import { describe, expect, it } from 'vitest';
import { formatSummaryTable } from './format-table';
import { summarizeExperiment } from '../metrics/summarize';
import { conversations, input, modelCalls, variantFacts } from '../metrics/test-input';

function twoVariants(simulated = false) {
  const a = variantFacts('baseline', {
    responses: 100,
    withCalls: 50,
    valid: 50,
    conversationCount: 40,
    submitted: 36,
  });
  const b = variantFacts('directive', {
    responses: 100,
    withCalls: 95,
    valid: 90,
    conversationCount: 40,
    submitted: 38,
  });
  return summarizeExperiment(
    'experiment-7',
    'completed',
    input(['baseline', 'directive'], {
      conversations: [a.conversations, b.conversations],
      modelCalls: [a.modelCalls, b.modelCalls],
      errors: [{ variant: 'directive', kind: 'tool_timeout', count: 2 }],
    }),
    { simulated },
  );
}

function lineWith(text: string, needle: string): string {
  const line = text.split('\n').find((candidate) => candidate.includes(needle));
  if (line === undefined) throw new Error(`no line contains ${needle}`);
  return line;
}

describe('formatSummaryTable', () => {
  const text = formatSummaryTable(twoVariants());

  it('has one row per variant with counts, rates and intervals', () => {
    const baseline = lineWith(text, 'baseline ');
    expect(baseline).toContain(' 40 ');
    expect(baseline).toContain(' 100 ');
    expect(baseline).toContain('50.0% (40.4–59.6)');
    expect(baseline).toContain('90.0% (76.9–96.0)');
    expect(baseline).toContain('2.0 / 2 / 2');
    expect(baseline).toContain('10 / 10');
    expect(lineWith(text, 'directive ')).toContain('95.0% (88.8–97.8)');
  });

  it('lists parse paths, outcomes and errors per variant', () => {
    expect(text).toContain('Parse paths');
    expect(text).toMatch(/tool_calls\s*│\s*text/);
    expect(text).toMatch(/Outcomes[\s\S]*submitted\s*│\s*no_tool_call/);
    expect(text).toMatch(/Errors[\s\S]*tool_timeout/);
  });

  it('ends with the comparisons in plain words', () => {
    expect(text).toContain('- directive calls tools 45 points more often than baseline (95% CI 34 to 55), p < 0.001');
    expect(text).toContain('- Completion rate: inconclusive between baseline and directive');
    expect(text).toContain('no primary metric chosen, so all are exploratory');
  });

  it('labels the comparisons of the other metrics exploratory once a primary metric is chosen', () => {
    const summary = twoVariants(false);
    summary.primaryMetric = 'toolCallRate';
    for (const comparison of summary.comparisons) comparison.exploratory = comparison.metric !== 'toolCallRate';
    const chosen = formatSummaryTable(summary);
    expect(chosen).toContain('primary metric toolCallRate, the others exploratory');
    expect(chosen).toContain('- directive calls tools 45 points more often than baseline');
    expect(chosen).toContain('- exploratory: Completion rate: inconclusive between baseline and directive');
  });

  it('prints the balance warnings before the comparisons (issue 25 item 6)', () => {
    const summary = twoVariants(false);
    expect(formatSummaryTable(summary)).not.toContain('Balance warnings');
    summary.balance = {
      balanced: false,
      variants: [],
      unevenInputs: 0,
      droppedInputs: 2,
      warnings: ['2 of 10 input(s) did not run on every variant and are dropped from the pairing.'],
    };
    const warned = formatSummaryTable(summary);
    expect(warned).toContain('Balance warnings\n! 2 of 10 input(s) did not run on every variant');
    expect(warned.indexOf('Balance warnings')).toBeLessThan(warned.indexOf('Comparisons'));
  });

  it('has no colour codes', () => {
    expect(text).not.toMatch(/\u001b\[/);
  });

  it('marks simulated numbers', () => {
    expect(formatSummaryTable(twoVariants(true))).toMatch(/^SIMULATED/);
    expect(text).not.toContain('SIMULATED');
  });

  it('shows missing data as a dash and skips comparisons for one variant', () => {
    const single = formatSummaryTable(
      summarizeExperiment(
        'e',
        'running',
        input(['only'], {
          conversations: [conversations('only', 'turn_limit', 3, 2)],
          modelCalls: [modelCalls('only', 6)],
        }),
      ),
    );
    expect(lineWith(single, 'only ')).toMatch(/│\s*—\s*│/);
    expect(single).not.toContain('Comparisons');
  });
});

describe('formatSummaryTable with task success', () => {
  it('shows task success beside the tool-call rate when conversations were judged, and not otherwise', () => {
    const judged = (variant: string, success: boolean, count: number) =>
      Array.from({ length: count }, () => ({
        variant,
        outcome: 'submitted' as const,
        modelResponses: 2,
        taskSuccess: success,
      }));
    const summary = summarizeExperiment(
      'e',
      'completed',
      input(['a'], { conversations: [judged('a', true, 3), judged('a', false, 1)], modelCalls: [modelCalls('a', 8)] }),
    );
    const text = formatSummaryTable(summary);
    expect(text).toContain('Task success');
    expect(lineWith(text, 'a ')).toContain('75.0%');
    expect(formatSummaryTable(twoVariants())).not.toContain('Task success');
  });
});

describe('formatSummaryTable with the experiment’s own check', () => {
  it('shows its pass rate per variant with its counts, and its comparison in words', () => {
    const checked = (variant: string, passes: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        variant,
        outcome: 'submitted' as const,
        modelResponses: 2,
        customCheckSuccess: index < passes,
      }));
    const summary = summarizeExperiment(
      'e',
      'completed',
      input(['a', 'b'], {
        conversations: [checked('a', 3, 4), checked('b', 1, 4)],
        modelCalls: [modelCalls('a', 8), modelCalls('b', 8)],
      }),
    );
    const text = formatSummaryTable(summary);
    const section = text.slice(text.indexOf('Custom check pass rate'));
    expect(section).not.toBe(text);
    expect(lineWith(section, 'a ')).toMatch(/75\.0%.*3\/4/);
    expect(lineWith(section, 'b ')).toMatch(/25\.0%.*1\/4/);
    expect(lineWith(text, '- Custom check pass rate:')).toContain('between a and b');
    expect(formatSummaryTable(twoVariants())).not.toContain('Custom check');
  });
});
