import { describe, expect, it } from 'vitest';
import { describeComparison, formatInterval, formatMilliseconds, formatNumber, formatPercent, formatTime, prettyJsonText, shortId } from './format';

describe('format', () => {
  it('shows missing numbers as a dash, never as 0', () => {
    expect(formatPercent(0.953)).toBe('95.3%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('—');
    expect(formatInterval(0.881, 0.982)).toBe('88.1–98.2%');
    expect(formatInterval(null, 0.5)).toBe('');
    expect(formatNumber(2)).toBe('2');
    expect(formatNumber(2.345, 2)).toBe('2.35');
    expect(formatNumber(null)).toBe('—');
    expect(formatMilliseconds(12.4)).toBe('12 ms');
    expect(formatMilliseconds(12_345)).toBe('12.3 s');
    expect(formatTime(Date.UTC(2026, 4, 1, 14, 3, 9))).toBe('2026-05-01 14:03:09');
    expect(shortId('01a200b5-ed8b-7000-b6b6-123456789abc')).toBe('01a200b5-ed8b');
  });

  it('indents JSON text and leaves other text alone', () => {
    expect(prettyJsonText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJsonText('{"a":')).toBe('{"a":');
    expect(prettyJsonText('<script>x</script>')).toBe('<script>x</script>');
    expect(prettyJsonText(null)).toBe('');
  });

  it('puts a comparison in plain words', () => {
    const base = { a: 'baseline', b: 'directive', metric: 'toolCallRate' as const, test: 'two-proportion-z' as const };
    expect(describeComparison({ ...base, difference: 0.12, low: 0.05, high: 0.19, pValue: 0.002, detectable: true })).toBe(
      'directive calls tools 12.0 points more often than baseline (95% CI 5.0 to 19.0, p = 0.002)',
    );
    expect(describeComparison({ ...base, difference: 0.02, low: -0.05, high: 0.09, pValue: 0.6, detectable: false })).toBe(
      'directive vs baseline, calls tools: no detectable difference (95% CI -5.0 to 9.0 points, p = 0.600)',
    );
    expect(describeComparison({ ...base, metric: 'completionRate', difference: -0.3, low: -0.5, high: -0.1, pValue: 0.0001, detectable: true })).toBe(
      'directive completes 30.0 points less often than baseline (95% CI -50.0 to -10.0, p < 0.001)',
    );
    expect(describeComparison({ ...base, metric: 'turnsToCompletion', difference: -1, low: -2, high: -0.5, pValue: 0.01, detectable: true })).toBe(
      'directive takes 1.00 fewer turns than baseline (95% CI -2.00 to -0.50, p = 0.010)',
    );
    expect(describeComparison({ ...base, difference: null, low: null, high: null, pValue: null })).toBe('directive vs baseline, calls tools: not enough data');
  });
});
