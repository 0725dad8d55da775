import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../protocol/messages';
import { buildTimeline } from './timeline';

const call = (id: string) => ({ id, type: 'function' as const, function: { name: 'read', arguments: '{}' } });
const messages: ChatMessage[] = [
  { role: 'system', content: 'sys' },
  { role: 'user', content: 'earlier question' },
  { role: 'assistant', content: null, tool_calls: [call('call_history_1')] },
  { role: 'user', content: 'now this' },
  { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
  { role: 'tool', tool_call_id: 'a', name: 'read', content: '1' },
  { role: 'tool', tool_call_id: 'b', name: 'read', content: '2' },
  { role: 'assistant', content: 'done' },
];

describe('buildTimeline', () => {
  it('puts what the first call was sent first, then each call with the messages it produced', () => {
    const calls = [
      { id: 1, status: 'ok' as const, messagePositions: [0, 1, 2, 3] },
      { id: 2, status: 'error' as const, messagePositions: [0, 1, 2, 3, 4, 5, 6] },
      { id: 3, status: 'ok' as const, messagePositions: [0, 1, 2, 3, 4, 5, 6] },
    ];
    const timeline = buildTimeline(messages, calls);
    expect(timeline.opening.map((entry) => entry.position)).toEqual([0, 1, 2, 3]);
    expect(timeline.turns.map((turn) => [turn.call.id, turn.messages.map((entry) => entry.position)])).toEqual([
      [1, [4, 5, 6]],
      [2, []],
      [3, [7]],
    ]);
    expect(timeline.unplaced).toEqual([]);
  });

  it('keeps every message: all of them open a conversation without calls, and leftovers are kept', () => {
    expect(buildTimeline(messages, []).opening).toHaveLength(8);
    const timeline = buildTimeline(messages, [{ status: 'ok', messagePositions: [0, 1, 2, 3] }]);
    expect(timeline.unplaced.map((entry) => entry.position)).toEqual([7]);
  });
});
