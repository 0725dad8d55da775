import { describe, expect, it } from 'vitest';
import { PARSE_PATHS } from '../parsing/types';
import { heatColour, PARSE_PATH_COLOURS, VARIANT_COLOURS, variantColour } from './prepare-palette';

describe('palette', () => {
  it('gives variants their colour by position, wrapping after ten', () => {
    expect(variantColour(0)).toBe(VARIANT_COLOURS[0]);
    expect(variantColour(10)).toBe(VARIANT_COLOURS[0]);
    expect(variantColour(-1)).toBe(VARIANT_COLOURS[9]);
  });

  it('has a distinct colour for each parse path', () => {
    expect(new Set(PARSE_PATHS.map((path) => PARSE_PATH_COLOURS[path])).size).toBe(9);
  });

  it('shades a heat map from white to dark blue, with readable text', () => {
    expect(heatColour(null)).toEqual({ background: '#ffffff', text: '#1d2330' });
    expect(heatColour(0)).toEqual({ background: '#ffffff', text: '#1d2330' });
    expect(heatColour(1)).toEqual({ background: '#0b4f9c', text: '#ffffff' });
    expect(heatColour(0.5).text).toBe('#1d2330');
  });
});
