import { describe, expect, it } from 'vitest';
import { EventStreamReader, eventStream, formatEvent } from './server-sent-events';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
    text += decoder.decode(chunk, { stream: true });
  return text;
}

describe('server-sent events', () => {
  it('writes events that the reader gets back, whatever the chunk boundaries', async () => {
    const stream = eventStream(async (send) => {
      send('model-delta', { text: 'line one\nline two' });
      send('end', { outcome: 'submitted' });
    }, new AbortController().signal);
    const text = await readAll(stream);
    expect(text).toBe(
      `${formatEvent('model-delta', { text: 'line one\nline two' })}${formatEvent('end', { outcome: 'submitted' })}`,
    );
    const reader = new EventStreamReader();
    const events = [...text].flatMap((character) => reader.push(character));
    expect(events).toEqual([
      { event: 'model-delta', data: { text: 'line one\nline two' } },
      { event: 'end', data: { outcome: 'submitted' } },
    ]);
  });

  it('sends a failure as an error event and ends the stream', async () => {
    const text = await readAll(
      eventStream(async () => Promise.reject(new Error('no such agent')), new AbortController().signal),
    );
    expect(new EventStreamReader().push(text)).toEqual([{ event: 'error', data: { message: 'no such agent' } }]);
  });

  it('stops writing when the client goes away', async () => {
    const controller = new AbortController();
    let sentAfterAbort = false;
    const stream = eventStream(async (send) => {
      send('first', 1);
      controller.abort();
      send('second', 2);
      sentAfterAbort = true;
    }, controller.signal);
    expect(new EventStreamReader().push(await readAll(stream))).toEqual([{ event: 'first', data: 1 }]);
    expect(sentAfterAbort).toBe(true);
  });

  it('refuses an event name that would break the format, and reads a broken event as an error', () => {
    expect(() => formatEvent('bad\nname', 1)).toThrow();
    expect(new EventStreamReader().push('event: x\ndata: {nope\n\n')[0].event).toBe('error');
  });
});
