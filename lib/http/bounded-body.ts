// Reading the body of an answer from a server Remora does not control (a model server's chat
// completions, /models, /tokenize...) within a size limit: one reader for a node:http message and a
// fetch body alike (as a Node stream). Past the limit the stream is destroyed, which lets the
// connection go (or cancels the fetch body), and the caller gets an error, never the rest. fetch
// decompresses as it reads, so there the bytes counted are the decompressed ones: a gzip bomb stops
// at the limit too (the model client counts what arrives and bounds its decompression apart).
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { LIMITS } from '../protocol/limits';

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the server sent more than ${maxBytes} bytes (the limit for one answer); the rest was not read`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The body's bytes, or a BodyTooLargeError past `maxBytes`. With `onChunk`, each chunk goes there as
 * it arrives (an event stream read as it comes) and nothing is kept: the answer is then empty.
 */
export function readBounded(
  body: Readable,
  maxBytes: number = LIMITS.responseBytes.default,
  onChunk?: (chunk: Buffer) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    body.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        // The server is cut off here: destroying the body lets the connection go.
        reject(new BodyTooLargeError(maxBytes));
        body.destroy();
      } else if (onChunk) onChunk(chunk);
      else chunks.push(chunk);
    });
    body.on('end', () => resolve(Buffer.concat(chunks)));
    body.on('error', reject);
    // After 'end' or an error this changes nothing; before them, the connection went away mid-answer.
    body.on('close', () => reject(new Error('the connection closed before the whole answer arrived')));
  });
}

/** Bytes as UTF-8 text, a byte order mark dropped as fetch's response.text() drops it. */
export function utf8Text(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A fetch answer's text (as response.text() gives it), or a BodyTooLargeError past `maxBytes`. */
export async function readBoundedText(
  response: Response,
  maxBytes: number = LIMITS.responseBytes.default,
): Promise<string> {
  if (!response.body) return '';
  return utf8Text(await readBounded(Readable.fromWeb(response.body as WebReadableStream), maxBytes));
}
