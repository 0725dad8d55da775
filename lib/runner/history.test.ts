import { describe, expect, it } from 'vitest';
import { selectMessagePositions } from './history';
import type { ChatMessage } from '../protocol/messages';

const call = (id: string): ChatMessage => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, type: 'function', function: { name: 't', arguments: '{}' } }],
});
const result = (id: string): ChatMessage => ({ role: 'tool', tool_call_id: id, name: 't', content: 'x'.repeat(40) });
const conversation: ChatMessage[] = [
  { role: 'system', content: 'sys' },
  { role: 'user', content: 'first' },
  call('a'),
  result('a'),
  result('a'),
  call('b'),
  result('b'),
  call('c'),
  result('c'),
];

describe('selectMessagePositions', () => {
  it('sends everything in full mode without a budget', () => {
    expect(
      selectMessagePositions(conversation, {
        historyMode: 'full',
        historyBudget: { maxMessages: null, maxTokens: null },
      }),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('sends only system and first user in initial-only mode', () => {
    expect(
      selectMessagePositions(conversation, {
        historyMode: 'initial-only',
        historyBudget: { maxMessages: null, maxTokens: null },
      }),
    ).toEqual([0, 1]);
  });

  it('drops the oldest turns past a message budget without splitting a call from its results', () => {
    expect(
      selectMessagePositions(conversation, { historyMode: 'full', historyBudget: { maxMessages: 6, maxTokens: null } }),
    ).toEqual([0, 1, 5, 6, 7, 8]);
    expect(
      selectMessagePositions(conversation, { historyMode: 'full', historyBudget: { maxMessages: 5, maxTokens: null } }),
    ).toEqual([0, 1, 7, 8]);
  });

  it('keeps the newest turn even when it alone is over budget', () => {
    expect(
      selectMessagePositions(conversation, { historyMode: 'full', historyBudget: { maxMessages: 3, maxTokens: null } }),
    ).toEqual([0, 1, 7, 8]);
  });

  it('trims by estimated tokens', () => {
    const positions = selectMessagePositions(conversation, {
      historyMode: 'full',
      historyBudget: { maxMessages: null, maxTokens: 50 },
    });
    expect(positions.slice(0, 2)).toEqual([0, 1]);
    expect(positions).toContain(8);
    expect(positions).not.toContain(3);
  });
});
