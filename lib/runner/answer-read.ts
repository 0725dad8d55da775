// Reading one HTTP answer of a model server: its bytes decoded within the limits, then judged as a
// chat completion (answer-bounds.ts) or as a failure worded as the OpenAI SDK worded it.
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { utf8Text } from '../http/bounded-body';
import { readCompletion, type ChatCompletion } from '../protocol/chat-completion';
import { parseJson } from '../protocol/json';
import { answerBeyondLimits, quoteAnswer, type AnswerLimits } from './answer-bounds';
import type { StreamAssembler } from './stream-assembler';

/** One try at a model call. */
export type Attempt =
  | { ok: true; body: ChatCompletion }
  | { ok: false; error: string; status?: number; body?: unknown; retryable: boolean; retryAfterMs?: number };

/** The answer's text; decompression stops (ERR_BUFFER_TOO_LARGE) past `maxBytes`, so a bomb never unfolds. */
export function decode(bytes: Buffer, encoding: string | undefined, maxBytes: number): string | Error {
  try {
    const coding = encoding?.trim().toLowerCase();
    const bounded = { maxOutputLength: maxBytes };
    const plain =
      !coding || coding === 'identity'
        ? bytes
        : coding === 'gzip' || coding === 'x-gzip'
          ? gunzipSync(bytes, bounded)
          : coding === 'deflate'
            ? inflateSync(bytes, bounded)
            : coding === 'br'
              ? brotliDecompressSync(bytes, bounded)
              : bytes;
    return utf8Text(plain);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** An answer as the OpenAI SDK read it: JSON media types are parsed, anything else stays text. */
export function interpret(
  answer: { status: number; headers: IncomingHttpHeaders; text: string },
  limits: AnswerLimits,
): Attempt {
  const { status, headers, text } = answer;
  if (status < 200 || status > 299) return statusFailure(status, headers, text, limits);
  let body: unknown;
  if (status === 204) body = null;
  else if (!isJsonMediaType(headers['content-type'])) body = text;
  else if (headers['content-length'] === '0') body = undefined;
  else {
    const json = parseJson(text, { maxDepth: limits.maxJsonDepth });
    if (!json.ok)
      return {
        ok: false,
        error: `model server sent an answer that is not valid JSON (${json.error}): ${quoteAnswer(text)}`,
        body: unreadAnswer(headers, text),
        retryable: false,
      };
    body = json.value;
  }
  return checkAnswer(body, limits);
}

/** A 200 answer that parsed: still a chat completion, and within the limits? */
function checkAnswer(body: unknown, limits: AnswerLimits): Attempt {
  // Read once: the bounds below and the outcome get the typed completion.
  const read = readCompletion(body);
  if (!read.ok) return { ok: false, error: read.error, body, retryable: false };
  const problem = answerBeyondLimits(read.completion, limits);
  if (problem) return { ok: false, error: problem, body, retryable: false };
  return { ok: true, body: read.completion };
}

/** What is kept of an answer that could not be read as JSON: its text (cut at storage), type and size. */
function unreadAnswer(headers: IncomingHttpHeaders, text: string): Record<string, unknown> {
  return { contentType: headers['content-type'] ?? null, bytes: Buffer.byteLength(text), text };
}

export function interpretStream(assembler: StreamAssembler, limits: AnswerLimits): Attempt {
  if (assembler.error !== null)
    return {
      ok: false,
      error: `model server reported an error in the stream: ${assembler.error}`,
      body: assembler.assemble(),
      retryable: false,
    };
  if (assembler.chunkCount === 0)
    return {
      ok: false,
      error: 'model server sent an event stream without any chunk',
      body: assembler.assemble(),
      retryable: false,
    };
  return checkAnswer(assembler.assemble(), limits);
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim();
  return mediaType !== undefined && (mediaType.includes('application/json') || mediaType.endsWith('+json'));
}

function statusFailure(status: number, headers: IncomingHttpHeaders, text: string, limits: AnswerLimits): Attempt {
  // Not JSON: the text itself (an error page) is the server's message: quoted in the error, kept whole (cut at storage)
  // as the body.
  const json = parseJson(text, { maxDepth: limits.maxJsonDepth });
  const parsed = json.ok ? json.value : undefined;
  const error = parsed ? (parsed as { error?: unknown }).error : undefined;
  const retryable = status === 429 || status >= 500;
  const retryAfterHeader = headers['retry-after'];
  const retryAfter = retryAfterHeader === undefined ? Number.NaN : Number(retryAfterHeader);
  return {
    ok: false,
    status,
    error: `model server answered ${status}: ${serverMessage(status, error, parsed ? undefined : quoteAnswer(text))}`,
    body: parsed ? error : text === '' ? undefined : unreadAnswer(headers, text),
    retryable,
    retryAfterMs: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined,
  };
}

/** The server's own message when it gave one, else the OpenAI SDK's summary of the answer. */
function serverMessage(status: number, error: unknown, text: string | undefined): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  if (typeof message === 'string') return quoteAnswer(message, 500);
  const summary = message ? quoteAnswer(JSON.stringify(message)) : error ? quoteAnswer(JSON.stringify(error)) : text;
  return summary ? `${status} ${summary}` : `${status} status code (no body)`;
}
