// Reading the body of a fetch answer from a server Remora does not control (a model server's
// /models, /tokenize...) within a size limit. fetch decompresses as it reads, so the bytes counted
// are the decompressed ones: a gzip bomb stops at the limit too. Past it the read is cancelled
// (the connection let go) and the caller gets an error, never the rest.
import { LIMITS } from '../protocol/limits';

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the server sent more than ${maxBytes} bytes (the limit for one answer); the rest was not read`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The body's text (UTF-8, a byte order mark dropped as response.text() drops it), or a BodyTooLargeError past
 * `maxBytes`.
 */
export async function readBoundedText(
  response: Response,
  maxBytes: number = LIMITS.responseBytes.default,
): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
