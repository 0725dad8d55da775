import { describe, expect, it } from 'vitest';
import { conversationListHref, readConversationListRequest, readCursor } from './query';

describe('readConversationListRequest', () => {
  it('reads the filters and the position, and names what it drops', () => {
    expect(
      readConversationListRequest({
        variant: 'baseline',
        outcome: 'error',
        parsePath: 'malformed',
        error: 'tool_timeout',
        q: '  <script> ',
        after: '1.40',
      }),
    ).toEqual({
      filters: { variant: 'baseline', outcome: 'error', parsePath: 'malformed', error: 'tool_timeout', q: '<script>' },
      after: { variantIndex: 1, slot: 40 },
      ignored: [],
    });
    expect(
      readConversationListRequest({ outcome: 'exploded', parsePath: ['guess', 'text'], after: '1.x', variant: '' }),
    ).toEqual({ filters: {}, ignored: ['outcome', 'parsePath', 'after'] });
  });

  it('keeps one position only', () => {
    expect(readConversationListRequest({ q: 'x', before: '0.3' })).toEqual({
      filters: { q: 'x' },
      before: { variantIndex: 0, slot: 3 },
      ignored: [],
    });
    expect(readConversationListRequest({ after: '0.1', before: '0.3' })).toEqual({
      filters: {},
      after: { variantIndex: 0, slot: 1 },
      ignored: ['before'],
    });
    expect(readConversationListRequest({ before: '0.3' }).before).toEqual({ variantIndex: 0, slot: 3 });
  });
});

describe('conversationListHref', () => {
  it('keeps every filter and the position', () => {
    expect(
      conversationListHref('e1', { variant: 'a b', q: '50% & more' }, { after: { variantIndex: 0, slot: 9 } }),
    ).toBe('/experiments/e1/conversations?variant=a+b&q=50%25+%26+more&after=0.9');
    expect(conversationListHref('e1', {})).toBe('/experiments/e1/conversations');
    expect(readCursor('2.17')).toEqual({ variantIndex: 2, slot: 17 });
    expect(readCursor('2')).toBeNull();
  });
});
