import { describe, expect, it } from 'vitest';
import {
  formatInterval,
  formatMilliseconds,
  formatNumber,
  formatPercent,
  formatTime,
  prettyJsonText,
  shortId,
} from './format';

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
    expect(formatTime(Date.UTC(2026, 4, 1, 14, 3, 9))).toBe('2026-05-01 14:03:09 UTC');
    expect(shortId('01a200b5-ed8b-7000-b6b6-123456789abc')).toBe('01a200b5-ed8b');
  });

  it('indents JSON text and leaves other text alone', () => {
    expect(prettyJsonText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJsonText('{"a":')).toBe('{"a":');
    expect(prettyJsonText('<script>x</script>')).toBe('<script>x</script>');
    expect(prettyJsonText(null)).toBe('');
  });
});
