// Reads a streamed chat completion (server-sent events in OpenAI's chunk format) and builds the
// chat.completion body a non-streaming request would have returned, so that the runner parses,
// stores and measures both the same way. Server text is untrusted: nothing here throws.
//
// What is accumulated: `content`, each `tool_calls` entry by its index (id, name, argument
// fragments), `finish_reason`, `usage`, and the `logprobs.content` tokens, whose strings rebuild
// the raw output. vLLM's streamed argument fragments were known to corrupt once a second argument
// arrived; a call whose accumulated arguments are not a JSON object is therefore re-read from the
// raw output with our own native decoder when the tokens are there (`stream.repairedCalls`).
import { StringDecoder } from 'node:string_decoder';
import { createParser, type EventSourceParser } from 'eventsource-parser';
import { decodeNativeCalls } from '../families/functiongemma/native-decode';
import { parseJson } from '../protocol/json';
import { isRecord } from '../protocol/records';

/** What has arrived so far, for a live view. */
export type StreamProgress = {
  /** The raw output so far when the server streams tokens (logprobs), else the content so far. */
  text: string;
  toolCalls: { name: string; arguments: string }[];
  chunks: number;
};

type ToolCallParts = { id: string | null; type: string; name: string; arguments: string };

export class StreamAssembler {
  private readonly decoder = new StringDecoder('utf8');
  // eventsource-parser splits the server-sent events (bench/sse-parser.mjs: no dearer than the
  // hand-written reader it replaced, and cheaper at framing).
  private readonly parser: EventSourceParser = createParser({
    onEvent: (event) => {
      this.changed = this.dispatch(event.data) || this.changed;
    },
  });
  private changed = false;
  private chunks = 0;
  private done = false;
  private serverError: string | null = null;
  private unreadable: string[] = [];
  private id: string | null = null;
  private model: string | null = null;
  private created: number | null = null;
  private fingerprint: string | null = null;
  private content: string | null = null;
  private readonly toolCalls = new Map<number, ToolCallParts>();
  private finishReason: string | null = null;
  private usage: unknown = undefined;
  private tokens: unknown[] | null = null;
  private rawText = '';

  /** Feeds bytes as they arrive; true when something new was read (a chunk, the end, an error). */
  feed(bytes: Buffer | string): boolean {
    const text = typeof bytes === 'string' ? bytes : this.decoder.write(bytes);
    return this.read(text);
  }

  /** Call at the end of the body: reads an event left without its closing blank line. */
  end(): boolean {
    // The blank line closes an event the server left open.
    return this.read(`${this.decoder.end()}\n\n`);
  }

  get chunkCount(): number {
    return this.chunks;
  }

  get finished(): boolean {
    return this.done;
  }

  /** The error event the server sent inside the stream, if any. */
  get error(): string | null {
    return this.serverError;
  }

  progress(): StreamProgress {
    const toolCalls = [...this.toolCalls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([, call]) => ({ name: call.name, arguments: call.arguments }));
    return { text: this.tokens ? this.rawText : (this.content ?? ''), toolCalls, chunks: this.chunks };
  }

  private read(text: string): boolean {
    this.changed = false;
    this.parser.feed(text);
    return this.changed;
  }

  private dispatch(data: string): boolean {
    if (data === '') return false;
    if (data.trim() === '[DONE]') {
      this.done = true;
      return true;
    }
    const parsed = parseJson(data);
    if (!parsed.ok || !isRecord(parsed.value)) {
      this.unreadable.push(data.length > 200 ? `${data.slice(0, 200)}…` : data);
      return false;
    }
    const chunk = parsed.value;
    if (isRecord(chunk.error) || typeof chunk.error === 'string') {
      const error = chunk.error;
      this.serverError =
        typeof error === 'string' ? error : typeof error.message === 'string' ? error.message : JSON.stringify(error);
      return true;
    }
    this.apply(chunk);
    return true;
  }

  private apply(chunk: Record<string, unknown>): void {
    this.chunks += 1;
    if (typeof chunk.id === 'string') this.id ??= chunk.id;
    if (typeof chunk.model === 'string') this.model ??= chunk.model;
    if (typeof chunk.created === 'number') this.created ??= chunk.created;
    if (typeof chunk.system_fingerprint === 'string') this.fingerprint ??= chunk.system_fingerprint;
    if (isRecord(chunk.usage)) this.usage = chunk.usage;
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    for (const choice of choices) {
      // One choice is requested; others (n > 1) are not this conversation's.
      if (!isRecord(choice) || (choice.index !== undefined && choice.index !== 0)) continue;
      if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason;
      if (isRecord(choice.logprobs) && Array.isArray(choice.logprobs.content)) {
        this.tokens ??= [];
        for (const token of choice.logprobs.content) {
          this.tokens.push(token);
          if (isRecord(token) && typeof token.token === 'string') this.rawText += token.token;
        }
      }
      const delta = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : null;
      if (delta) this.applyDelta(delta);
    }
  }

  private applyDelta(delta: Record<string, unknown>): void {
    // Servers open with `content: ""` even for a call; content stays null (as unstreamed) until text comes.
    if (typeof delta.content === 'string' && delta.content !== '') this.content = (this.content ?? '') + delta.content;
    if (!Array.isArray(delta.tool_calls)) return;
    for (const [position, entry] of delta.tool_calls.entries()) {
      if (!isRecord(entry)) continue;
      const index = typeof entry.index === 'number' ? entry.index : position;
      const call = this.toolCalls.get(index) ?? { id: null, type: 'function', name: '', arguments: '' };
      if (typeof entry.id === 'string' && entry.id !== '') call.id ??= entry.id;
      if (typeof entry.type === 'string') call.type = entry.type;
      const fn = isRecord(entry.function) ? entry.function : null;
      if (fn && typeof fn.name === 'string' && fn.name !== call.name) {
        // OpenAI sends the name once; a server that repeats it whole must not double it.
        call.name = call.name === '' ? fn.name : call.name + fn.name;
      }
      if (fn && typeof fn.arguments === 'string') call.arguments += fn.arguments;
      // A server that sends the arguments as an object in one piece (not OpenAI's shape, but seen).
      else if (fn && isRecord(fn.arguments)) call.arguments += JSON.stringify(fn.arguments);
      this.toolCalls.set(index, call);
    }
  }

  /**
   * The chat.completion body, as if it had not been streamed. `stream` is added: how many chunks
   * came, whether [DONE] arrived, data lines that were not JSON, and the calls re-read from the raw
   * output because their streamed arguments were broken.
   */
  assemble(): Record<string, unknown> {
    const repairedCalls: { index: number; streamedArguments: string }[] = [];
    const decoded = this.tokens && this.toolCalls.size > 0 ? decodeNativeCalls(this.rawText).calls : [];
    const toolCalls = [...this.toolCalls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([, call], position) => {
        let args = call.arguments;
        const parsed = parseJson(args === '' ? '{}' : args);
        const broken = !parsed.ok || !isRecord(parsed.value);
        const fromRaw = decoded[position];
        if (broken && fromRaw && fromRaw.name === call.name && !fromRaw.argumentsError) {
          repairedCalls.push({ index: position, streamedArguments: args });
          args = JSON.stringify(fromRaw.arguments);
        }
        // Without a server id the runner makes one up, as for a non-streamed call without one.
        return { ...(call.id ? { id: call.id } : {}), type: call.type, function: { name: call.name, arguments: args } };
      });
    const message: Record<string, unknown> = { role: 'assistant', content: this.content };
    if (toolCalls.length > 0) message.tool_calls = toolCalls;
    const body: Record<string, unknown> = {
      id: this.id,
      object: 'chat.completion',
      created: this.created,
      model: this.model,
    };
    if (this.fingerprint !== null) body.system_fingerprint = this.fingerprint;
    body.choices = [
      { index: 0, message, logprobs: this.tokens ? { content: this.tokens } : null, finish_reason: this.finishReason },
    ];
    if (this.usage !== undefined) body.usage = this.usage;
    body.stream = { chunks: this.chunks, done: this.done, unreadable: this.unreadable, repairedCalls };
    return body;
  }
}
