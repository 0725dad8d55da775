// A transcript read turn by turn: the messages the conversation started with, then each model call
// followed by the messages it produced (its assistant message and the tool results after it).
import type { ChatMessage } from '../../protocol/messages';

type PositionedMessage = { position: number; message: ChatMessage };

type TimelineTurn<Call> = { call: Call; messages: PositionedMessage[] };

export type Timeline<Call> = {
  /** System prompt, user message, and a dataset case's conversation so far. */
  opening: PositionedMessage[];
  turns: TimelineTurn<Call>[];
  /** Messages no call accounts for (kept so that nothing stored is hidden). */
  unplaced: PositionedMessage[];
};

type CallShape = { status: 'ok' | 'error' | 'cancelled'; messagePositions: number[] };

/**
 * Each successful call appended one assistant message, then the results of its calls; a failed
 * request appended nothing. The opening is what the first call was sent (or everything, when no
 * call was made).
 */
export function buildTimeline<Call extends CallShape>(messages: ChatMessage[], calls: Call[]): Timeline<Call> {
  const positioned = messages.map((message, position) => ({ position, message }));
  if (calls.length === 0) return { opening: positioned, turns: [], unplaced: [] };
  const openingEnd = Math.max(-1, ...calls[0].messagePositions) + 1;
  const opening = positioned.slice(0, openingEnd);
  let cursor = openingEnd;
  const turns = calls.map((call): TimelineTurn<Call> => {
    if (call.status !== 'ok' || positioned[cursor]?.message.role !== 'assistant') return { call, messages: [] };
    const produced = [positioned[cursor]];
    cursor += 1;
    while (positioned[cursor]?.message.role === 'tool') {
      produced.push(positioned[cursor]);
      cursor += 1;
    }
    return { call, messages: produced };
  });
  return { opening, turns, unplaced: positioned.slice(cursor) };
}
