// The comparison's address: EXPERIMENT:VARIANT in the query, and links back to it.
import { describe, expect, it } from 'vitest';
import { compareHref, parseVariantRef, readCompareQuery } from './request';

describe('comparison addresses', () => {
  it('reads EXPERIMENT:VARIANT (variant names may hold colons) and writes links back', () => {
    expect(parseVariantRef('exp-1:a:b')).toEqual({ experimentId: 'exp-1', variant: 'a:b' });
    expect(parseVariantRef('no-colon')).toBeNull();
    expect(parseVariantRef(':x')).toBeNull();
    const query = readCompareQuery({
      a: 'e1:base line',
      b: ['e2:tuned', 'ignored'],
      filter: 'b',
      page: '2',
      other: 'kept out',
    });
    expect(query).toEqual({
      a: { experimentId: 'e1', variant: 'base line' },
      b: { experimentId: 'e2', variant: 'tuned' },
      filter: 'b',
      order: 'input',
      page: 2,
    });
    expect(compareHref(query.a, query.b, { filter: 'b', page: 2 })).toBe(
      '/compare?a=e1%3Abase+line&b=e2%3Atuned&filter=b&page=2',
    );
    expect(() => readCompareQuery({ a: 'e1' })).toThrow(/comparison cannot be read/);
  });
});
