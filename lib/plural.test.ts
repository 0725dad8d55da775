import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('counts a noun in the singular or the plural', () => {
    expect(plural(1, 'input')).toBe('1 input');
    expect(plural(0, 'input')).toBe('0 inputs');
    expect(plural(3, 'model call')).toBe('3 model calls');
  });
});
