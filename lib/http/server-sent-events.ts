// Server-sent events (the text/event-stream format), written by a route and read back by the
// browser from a fetch body (EventSource only does GET, and a run is started with a POST).
// Only `event:` and `data:` lines are used; data is one line of JSON.

export type ServerSentEvent = { event: string; data: unknown };

/** One event as it goes on the wire. JSON never holds a raw line break, so one data line is enough. */
export function formatEvent(event: string, data: unknown): string {
  if (!/^[\w-]+$/.test(event)) throw new Error(`not an event name: ${event}`);
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * A response body that `produce` writes events into. When the client goes away (`signal`), writing
 * stops quietly and `produce` sees the signal; a failure of `produce` is sent as an `error` event.
 */
export function eventStream(
  produce: (send: (event: string, data: unknown) => void) => Promise<void>,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const close = () => {
        if (!open) return;
        open = false;
        controller.close();
      };
      signal.addEventListener('abort', close, { once: true });
      const send = (event: string, data: unknown) => {
        if (open) controller.enqueue(encoder.encode(formatEvent(event, data)));
      };
      try {
        await produce(send);
      } catch (error) {
        send('error', { message: error instanceof Error ? error.message : String(error) });
      } finally {
        signal.removeEventListener('abort', close);
        close();
      }
    },
  });
}

/** Reads events out of text chunks as they arrive; keeps the unfinished tail for the next chunk. */
export class EventStreamReader {
  private buffer = '';

  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    const events: ServerSentEvent[] = [];
    let end = this.buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const parsed = readBlock(block);
      if (parsed) events.push(parsed);
      end = this.buffer.indexOf('\n\n');
    }
    return events;
  }
}

function readBlock(block: string): ServerSentEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join('\n')) };
  } catch (error) {
    return {
      event: 'error',
      data: { message: `an event could not be read: ${error instanceof Error ? error.message : String(error)}` },
    };
  }
}
