import { describe, expect, it } from 'vitest';
import { normalizeString, typeMatches, valuesMatch } from './values';
import { assignCalls } from './assignment';

describe('normalizeString (BFCL standardize_string, plus punctuation around)', () => {
  it('drops spaces and , . / - _ * ^ anywhere, lowercases, and turns single quotes into double', () => {
    expect(normalizeString('April 1, 2024')).toBe(normalizeString('april 1,2024'));
    expect(normalizeString('living_room')).toBe('livingroom');
    expect(normalizeString("it's")).toBe('it"s');
  });

  it('drops other punctuation only around the text', () => {
    expect(normalizeString('(Paris!)')).toBe('paris');
    expect(normalizeString('Pa!ris')).toBe('pa!ris');
  });
});

describe('valuesMatch', () => {
  it('compares numbers by value and never a number with a string', () => {
    expect(valuesMatch(72, 72.0)).toBe(true);
    expect(valuesMatch('72', 72)).toBe(false);
  });

  it('compares lists in order with normalised strings, and objects key by key', () => {
    expect(valuesMatch(['A b', 'c'], ['ab', 'C'])).toBe(true);
    expect(valuesMatch(['c', 'ab'], ['ab', 'c'])).toBe(false);
    expect(valuesMatch({ city: 'Paris', days: 3 }, { days: 3, city: 'paris' })).toBe(true);
    expect(valuesMatch({ city: 'Paris' }, { city: 'Paris', days: 3 })).toBe(false);
    expect(valuesMatch(true, 'true')).toBe(false);
    expect(valuesMatch(null, null)).toBe(true);
  });
});

describe('typeMatches', () => {
  it('accepts an integer for number, not a fraction for integer', () => {
    expect(typeMatches(3, 'number')).toBe(true);
    expect(typeMatches(3.5, 'integer')).toBe(false);
    expect(typeMatches([1], ['string', 'array'])).toBe(true);
    expect(typeMatches({}, 'array')).toBe(false);
    expect(typeMatches('anything', undefined)).toBe(true);
  });
});

describe('assignCalls', () => {
  it('finds the cheapest assignment, leaving extra calls unpaired', () => {
    const result = assignCalls(
      [
        [5, 0, 9],
        [0, 5, 9],
      ],
      2,
      3,
      100,
    );
    expect(result.pairs).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(result.unpairedCalled).toEqual([2]);
    expect(result.cost).toBe(100);
  });

  it('finds a perfect zero-cost assignment among many calls, where taking the first match would not', () => {
    // Past the exact search (14 calls). Expected 0 accepts calls 0 and 1, expected 1 only call 0:
    // pairing expected 0 with call 0 first would leave expected 1 without a partner.
    const size = 14;
    const cost = Array.from({ length: size }, (_, expected) =>
      Array.from({ length: size }, (_, called) => (called === expected ? 0 : 7)),
    );
    cost[0] = cost[0].map((_, called) => (called <= 1 ? 0 : 7));
    cost[1] = cost[1].map((_, called) => (called === 0 ? 0 : 7));
    const result = assignCalls(cost, size, size, 1000);
    expect(result.cost).toBe(0);
    expect(result.pairs).toContainEqual([0, 1]);
    expect(result.pairs).toContainEqual([1, 0]);
  });
});
