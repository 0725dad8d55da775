import { describe, expect, it } from 'vitest';
import { formatCost, tokenCost, variantPrices } from './cost';

describe('the cost of a variant’s tokens', () => {
  const prices = { input: 0.15, output: 0.6 };

  it('prices input and output tokens per million each', () => {
    expect(tokenCost({ prompt: 2_000_000, completion: 500_000 }, prices)).toBeCloseTo(0.6, 10);
    expect(tokenCost({ prompt: 1234, completion: 0 }, { input: 1, output: 100 })).toBeCloseTo(0.001234, 10);
    expect(tokenCost({ prompt: 0, completion: 0 }, prices)).toBe(0);
  });

  it('is unknown, not zero, without a price or without the server’s usage', () => {
    expect(tokenCost({ prompt: 1000, completion: 1000 }, null)).toBeNull();
    expect(tokenCost({ prompt: null, completion: 1000 }, prices)).toBeNull();
    expect(tokenCost({ prompt: 1000, completion: null }, prices)).toBeNull();
  });

  it('applies the endpoint’s price to the variants that use the endpoint, not to one with its own server', () => {
    expect(
      variantPrices({ pricePerMillionTokens: prices }, [
        { name: 'a' },
        { name: 'b', baseUrl: 'http://elsewhere:8000/v1' },
      ]),
    ).toEqual({ a: prices, b: null });
    expect(variantPrices({}, [{ name: 'a' }])).toEqual({ a: null });
  });

  it('gives a variant on a saved endpoint of its own that endpoint’s price', () => {
    const own = { input: 2, output: 8 };
    expect(
      variantPrices({ pricePerMillionTokens: prices }, [
        { name: 'a' },
        { name: 'b', baseUrl: 'http://elsewhere:8000/v1', pricePerMillionTokens: own },
      ]),
    ).toEqual({ a: prices, b: own });
  });

  it('reads as money: two decimals from a cent, four significant digits below', () => {
    expect(formatCost(0.6)).toBe('0.60');
    expect(formatCost(12.345)).toBe('12.35');
    expect(formatCost(0.001234)).toBe('0.001234');
    expect(formatCost(0.0000123456)).toBe('0.00001235');
    expect(formatCost(0)).toBe('0');
    expect(formatCost(null)).toBe('—');
  });
});
