import { describe, expect, it } from 'vitest';
import { ALL_PARSE_PATHS, PARSE_PATHS } from '../parsing/types';
import {
  errorColour,
  heatColour,
  PARSE_PATH_COLOURS,
  PARSE_PATH_PATTERNS,
  parsePathStyle,
  REQUEST_FAILED_COLOUR,
  VARIANT_COLOURS,
  variantColour,
} from './prepare-palette';

// How people with each kind of colour blindness see a colour (Machado, Oliveira and Fernandes 2009,
// full severity, applied in linear sRGB), and how far apart two colours look (CIE76 in CIELAB).
const VISION: Record<string, number[][]> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

function seen(hex: string, matrix: number[][]): number[] {
  const linear = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [r, g, b] = matrix.map((row) =>
    Math.min(1, Math.max(0, row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2])),
  );
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

describe('palette', () => {
  it('gives variants their colour by position, wrapping after ten', () => {
    expect(variantColour(0)).toBe(VARIANT_COLOURS[0]);
    expect(variantColour(10)).toBe(VARIANT_COLOURS[0]);
    expect(variantColour(-1)).toBe(VARIANT_COLOURS[9]);
  });

  it('has a distinct colour for each parse path', () => {
    expect(new Set(PARSE_PATHS.map((path) => PARSE_PATH_COLOURS[path])).size).toBe(9);
  });

  it("gives every family's path a colour of its own, none of the nine's", () => {
    const colours = ALL_PARSE_PATHS.map((path) => PARSE_PATH_COLOURS[path]);
    expect(new Set(colours).size).toBe(ALL_PARSE_PATHS.length);
    expect(ALL_PARSE_PATHS.every((path) => PARSE_PATH_PATTERNS[path] !== undefined)).toBe(true);
  });

  it('keeps every two parse paths apart for colour-blind readers too', () => {
    for (const [vision, matrix] of Object.entries(VISION)) {
      for (const [index, first] of PARSE_PATHS.entries()) {
        for (const second of PARSE_PATHS.slice(index + 1)) {
          const [a, b] = [seen(PARSE_PATH_COLOURS[first], matrix), seen(PARSE_PATH_COLOURS[second], matrix)];
          expect(
            Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]),
            `${first} and ${second} (${vision})`,
          ).toBeGreaterThan(15);
        }
      }
    }
  });

  it('gives an error kind the same colour wherever it is shown', () => {
    expect(errorColour('tool_timeout')).toBe(errorColour('tool_timeout'));
    expect(errorColour('tool_timeout')).not.toBe(errorColour('unknown_tool'));
    expect(errorColour('a_kind_of_tomorrow')).toBe(errorColour('a_kind_of_tomorrow'));
  });

  it('shades a heat map from white to dark blue, with readable text', () => {
    expect(heatColour(null)).toEqual({ background: '#ffffff', text: '#1d2330' });
    expect(heatColour(0)).toEqual({ background: '#ffffff', text: '#1d2330' });
    expect(heatColour(1)).toEqual({ background: '#0b4f9c', text: '#ffffff' });
    expect(heatColour(0.5).text).toBe('#1d2330');
  });
});

describe('parse path textures', () => {
  it('gives every path a texture, and no two neighbours in a stacked bar the same one', () => {
    const patterns = PARSE_PATHS.map((path) => PARSE_PATH_PATTERNS[path]);
    expect(patterns.every((pattern) => ['solid', 'stripes', 'dots', 'cross'].includes(pattern))).toBe(true);
    for (let index = 1; index < patterns.length; index++)
      expect(patterns[index], `${PARSE_PATHS[index - 1]} / ${PARSE_PATHS[index]}`).not.toBe(patterns[index - 1]);
  });

  it('marks a path the same way everywhere, and a failed request as its own', () => {
    expect(parsePathStyle('malformed')).toEqual({ colour: PARSE_PATH_COLOURS.malformed, pattern: 'cross' });
    expect(parsePathStyle(null)).toEqual({ colour: REQUEST_FAILED_COLOUR, pattern: 'cross' });
    expect(REQUEST_FAILED_COLOUR).toBe(errorColour('model_request_failed'));
  });
});
