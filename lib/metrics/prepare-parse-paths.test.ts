import { describe, expect, it } from 'vitest';
import { PARSE_PATHS } from '../parsing/types';
import { OUTCOMES } from '../runner/types';
import { errorColour, OUTCOME_COLOURS, PARSE_PATH_COLOURS } from './prepare-palette';
import { prepareErrorChart, prepareOutcomeChart } from './prepare-outcomes';
import { prepareParsePathChart } from './prepare-parse-paths';
import { emptyVariant, summaryVariant } from './prepare-test-summary';

describe('prepareParsePathChart', () => {
  it('has all nine paths in the spec order with their fixed colours, counts and shares', () => {
    const chart = prepareParsePathChart([
      summaryVariant('baseline'),
      summaryVariant('directive', { parsePaths: { functiongemma_tags: 3, malformed: 1 } }),
    ]);
    expect(chart.segments.map((segment) => segment.key)).toEqual([...PARSE_PATHS]);
    expect(chart.segments.map((segment) => segment.colour)).toEqual(
      PARSE_PATHS.map((path) => PARSE_PATH_COLOURS[path]),
    );
    const [baseline, directive] = chart.rows;
    expect(baseline.total).toBe(80);
    expect(baseline.counts).toEqual({
      tool_calls: 70,
      json_name_arguments: 6,
      json_name_parameters: 0,
      json_tool_calls: 0,
      json_array: 0,
      functiongemma_tags: 0,
      text: 4,
      empty: 0,
      malformed: 0,
    });
    expect(baseline.share_tool_calls).toBeCloseTo(70 / 80, 12);
    expect(baseline.share_empty).toBe(0);
    expect(directive.share_functiongemma_tags).toBe(0.75);
    expect(directive.share_malformed).toBe(0.25);
  });

  it('gives a variant with no response null shares (a gap)', () => {
    const chart = prepareParsePathChart([emptyVariant('late')]);
    expect(chart.rows[0].total).toBe(0);
    expect(chart.rows[0].share_tool_calls).toBeNull();
    expect(chart.hasData).toBe(false);
  });

  it("adds another family's path after the nine, only when a variant has it, with its own colour", () => {
    const chart = prepareParsePathChart([
      summaryVariant('functiongemma'),
      summaryVariant('qwen', { parsePaths: { hermes_tool_call: 60, text: 20 } }),
    ]);
    expect(chart.segments.map((segment) => segment.key)).toEqual([...PARSE_PATHS, 'hermes_tool_call']);
    expect(chart.segments.at(-1)?.colour).toBe(PARSE_PATH_COLOURS.hermes_tool_call);
    expect(chart.rows[1].counts.hermes_tool_call).toBe(60);
    expect(chart.rows[1].share_hermes_tool_call).toBe(0.75);
    expect(chart.rows[0].share_hermes_tool_call).toBe(0);
  });
});

describe('prepareOutcomeChart', () => {
  it('stacks the five outcomes in the spec order', () => {
    const chart = prepareOutcomeChart([summaryVariant('a', { outcomes: { submitted: 3, error: 1 } })]);
    expect(chart.segments).toEqual(OUTCOMES.map((key) => ({ key, colour: OUTCOME_COLOURS[key] })));
    expect(chart.rows[0]).toMatchObject({
      variant: 'a',
      total: 4,
      share_submitted: 0.75,
      share_error: 0.25,
      share_turn_limit: 0,
    });
  });
});

describe('prepareErrorChart', () => {
  it('lists error kinds by total, with zeros for variants that had none and gaps for variants that ran nothing', () => {
    const chart = prepareErrorChart([
      summaryVariant('a', { errors: { tool_failed: 2, unknown_tool: 5 } }),
      summaryVariant('b', { errors: { unknown_tool: 1 } }),
      emptyVariant('c'),
    ]);
    expect(chart.kinds).toEqual([
      { kind: 'unknown_tool', field: 'error_unknown_tool', colour: errorColour('unknown_tool'), total: 6 },
      { kind: 'tool_failed', field: 'error_tool_failed', colour: errorColour('tool_failed'), total: 2 },
    ]);
    expect(chart.rows).toEqual([
      { variant: 'a', modelCalls: 80, error_unknown_tool: 5, error_tool_failed: 2 },
      { variant: 'b', modelCalls: 80, error_unknown_tool: 1, error_tool_failed: 0 },
      { variant: 'c', modelCalls: 0, error_unknown_tool: null, error_tool_failed: null },
    ]);
    expect(prepareErrorChart([summaryVariant('clean')]).hasData).toBe(false);
  });
});
