// What the tokens of a response say beyond its parsed message (spec/functiongemma.md, vLLM): with
// `logprobs: true` a chat completion carries every sampled token, so the model's raw output can be
// rebuilt even when the server's tool parser turned it into `tool_calls`. From it: the model's
// probability for the tool name it chose, the names it nearly chose, and the argument values the
// server's parser lost (vLLM's drops bare numbers, booleans, arrays and nested objects).
// Server answers are untrusted: nothing here throws.
import type { ChatCompletion } from '../protocol/chat-completion';
import { decodeNativeCalls } from '../families/functiongemma/native-decode';
import { parseJson } from '../protocol/json';
import { isRecord } from '../protocol/records';

type TokenAlternative = { token: string; logprob: number };
export type TokenLogprob = { token: string; logprob: number; bytes: number[] | null; topLogprobs: TokenAlternative[] };

/** A token the model could have written instead of the first token of the name, and the tools it could have led to. */
type NameRunnerUp = { token: string; probability: number; names: string[] };

export type ToolNameConfidence = {
  /** Position of the call in the response (0 first). */
  call: number;
  name: string;
  /** `native`: after `call:`; `json`: after `"name": "`. */
  format: 'native' | 'json';
  /** Product of the probabilities of the tokens that spell the name. */
  probability: number;
  /** The tokens that spell the name (the first and last may also hold text around it). */
  tokens: { token: string; probability: number }[];
  /** The alternatives at the name's first token, most likely first (needs `top_logprobs`). */
  runnerUps: NameRunnerUp[];
};

export type LostValue = {
  call: number;
  name: string;
  key: string;
  /** The value as the model wrote it (decoded with the full native grammar). */
  rawValue: unknown;
  /** `missing`: the server's arguments lack the key; `changed`: they hold another value. */
  kind: 'missing' | 'changed';
  serverValue?: unknown;
};

export type ResponseInsight = {
  /** The model's output rebuilt from its tokens, control tokens included. */
  rawOutput: string;
  tokenCount: number;
  /** The first call's name probability, or null when the output names no tool. */
  toolNameConfidence: number | null;
  toolNames: ToolNameConfidence[];
  /** Values the raw output holds that the server's parsed `tool_calls` lost. */
  lostValues: LostValue[];
};

function readAlternatives(value: unknown): TokenAlternative[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isRecord(entry) && typeof entry.token === 'string' && typeof entry.logprob === 'number'
      ? [{ token: entry.token, logprob: entry.logprob }]
      : [],
  );
}

function readBytes(value: unknown): number[] | null {
  if (!Array.isArray(value) || !value.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)) return null;
  return value as number[];
}

/** The `logprobs.content` entries of a list of chat-completion choices' logprobs, or null when there are none. */
function readLogprobContent(logprobs: unknown): TokenLogprob[] | null {
  if (!isRecord(logprobs) || !Array.isArray(logprobs.content)) return null;
  const tokens: TokenLogprob[] = [];
  for (const entry of logprobs.content) {
    // An entry without a token string cannot be placed in the text: the list is not usable.
    if (!isRecord(entry) || typeof entry.token !== 'string') return null;
    const logprob =
      typeof entry.logprob === 'number' && !Number.isNaN(entry.logprob) ? entry.logprob : Number.NEGATIVE_INFINITY;
    tokens.push({
      token: entry.token,
      logprob,
      bytes: readBytes(entry.bytes),
      topLogprobs: readAlternatives(entry.top_logprobs),
    });
  }
  return tokens;
}

/** The tokens of a chat completion's first choice, or null when it carries no logprobs. */
export function readTokenLogprobs(completion: ChatCompletion): TokenLogprob[] | null {
  return readLogprobContent(completion.choices[0].logprobs);
}

/**
 * The raw output: the tokens' bytes decoded as UTF-8 when every token has them (a character split
 * across tokens then comes out whole), else the token strings joined.
 */
export function rebuildRawOutput(tokens: TokenLogprob[]): string {
  if (tokens.length > 0 && tokens.every((token) => token.bytes !== null)) {
    return Buffer.from(tokens.flatMap((token) => token.bytes as number[])).toString('utf8');
  }
  return tokens.map((token) => token.token).join('');
}

type NameSpan = { name: string; start: number; end: number; format: 'native' | 'json' };

const NATIVE_NAME = /<start_function_call>\s*call:\s*([\w.-]+)/g;
const JSON_NAME = /"name"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

/**
 * Where each called tool's name is written. Native calls are found by their start tag. In JSON
 * output a "name" key may also be an argument, so when the parsed calls' names are known they are
 * looked for in order; otherwise every "name" string counts.
 */
export function findToolNameSpans(text: string, expectedNames: string[] | null = null): NameSpan[] {
  const native = [...text.matchAll(NATIVE_NAME)].map((match) => {
    const start = (match.index ?? 0) + match[0].length - match[1].length;
    return { name: match[1], start, end: start + match[1].length, format: 'native' as const };
  });
  if (native.length > 0) return native;
  const json = [...text.matchAll(JSON_NAME)].map((match) => {
    const start = (match.index ?? 0) + match[0].length - match[1].length - 1;
    return { name: match[1], start, end: start + match[1].length, format: 'json' as const };
  });
  if (!expectedNames || expectedNames.length === 0) return json;
  const spans: NameSpan[] = [];
  let from = 0;
  for (const name of expectedNames) {
    const found = json.find((span) => span.start >= from && span.name === name);
    if (!found) break;
    spans.push(found);
    from = found.end;
  }
  return spans;
}

function probability(logprob: number): number {
  return Math.exp(logprob);
}

/** The probability of each called tool's name and the names at the runner-up tokens. */
export function toolNameConfidences(
  tokens: TokenLogprob[],
  expectedNames: string[] | null,
  knownToolNames: string[] = [],
): ToolNameConfidence[] {
  const starts: number[] = [];
  let offset = 0;
  for (const token of tokens) {
    starts.push(offset);
    offset += token.token.length;
  }
  const text = tokens.map((token) => token.token).join('');
  return findToolNameSpans(text, expectedNames).flatMap((span, call) => {
    const covering: number[] = [];
    for (let index = 0; index < tokens.length; index += 1) {
      const tokenEnd = starts[index] + tokens[index].token.length;
      if (starts[index] < span.end && tokenEnd > span.start) covering.push(index);
    }
    if (covering.length === 0) return [];
    const first = tokens[covering[0]];
    // Text of the first token before the name (":" when a tokenizer merges ":get"): an alternative must start with it
    // too.
    const lead = text.slice(starts[covering[0]], span.start);
    const runnerUps = first.topLogprobs
      .filter((alternative) => alternative.token !== first.token)
      .map((alternative) => {
        const namePrefix = alternative.token.startsWith(lead) ? alternative.token.slice(lead.length) : null;
        const names = namePrefix
          ? knownToolNames.filter((name) => name !== span.name && name.startsWith(namePrefix))
          : [];
        return { token: alternative.token, probability: probability(alternative.logprob), names };
      })
      .sort((left, right) => right.probability - left.probability);
    return [
      {
        call,
        name: span.name,
        format: span.format,
        probability: covering.reduce((product, index) => product * probability(tokens[index].logprob), 1),
        tokens: covering.map((index) => ({
          token: tokens[index].token,
          probability: probability(tokens[index].logprob),
        })),
        runnerUps,
      },
    ];
  });
}

function deepEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) && Array.isArray(right))
    return left.length === right.length && left.every((item, index) => deepEqual(item, right[index]));
  if (isRecord(left) && isRecord(right)) {
    const keys = Object.keys(left);
    return (
      keys.length === Object.keys(right).length &&
      keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]))
    );
  }
  return false;
}

/** vLLM JSON-decodes every escaped string, so `<escape>42<escape>` arriving as 42 is the same value. */
function sameValue(raw: unknown, server: unknown): boolean {
  if (deepEqual(raw, server)) return true;
  if (typeof raw !== 'string') return false;
  const decoded = parseJson(raw);
  return decoded.ok && deepEqual(decoded.value, server);
}

export type ServerCall = { name: string; arguments: unknown };

/** The server's structured calls from a chat-completion message, arguments read as objects ({} when unreadable). */
function serverToolCalls(message: unknown): ServerCall[] {
  if (!isRecord(message) || !Array.isArray(message.tool_calls)) return [];
  return message.tool_calls.flatMap((entry) => {
    const fn = isRecord(entry) ? entry.function : undefined;
    if (!isRecord(fn) || typeof fn.name !== 'string') return [];
    return [{ name: fn.name, arguments: fn.arguments }];
  });
}

function argumentsObject(value: unknown): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (typeof value !== 'string') return {};
  const parsed = parseJson(value === '' ? '{}' : value);
  return parsed.ok && isRecord(parsed.value) ? parsed.value : {};
}

/**
 * Values in the raw output's native calls that the server's parsed calls do not hold. Calls are
 * paired by position and name; a server call the raw output does not name is left alone.
 */
export function findLostValues(rawOutput: string, serverCalls: ServerCall[]): LostValue[] {
  if (serverCalls.length === 0) return [];
  const decoded = decodeNativeCalls(rawOutput);
  const lost: LostValue[] = [];
  decoded.calls.forEach((rawCall, call) => {
    const server = serverCalls[call];
    if (!server || server.name !== rawCall.name) return;
    const serverArguments = argumentsObject(server.arguments);
    for (const [key, rawValue] of Object.entries(rawCall.arguments)) {
      if (!Object.hasOwn(serverArguments, key)) lost.push({ call, name: rawCall.name, key, rawValue, kind: 'missing' });
      else if (!sameValue(rawValue, serverArguments[key]))
        lost.push({ call, name: rawCall.name, key, rawValue, kind: 'changed', serverValue: serverArguments[key] });
    }
  });
  return lost;
}

/**
 * Everything the tokens of a response tell: its raw output, the tool-name confidence of each call,
 * and the values lost by the server's parser. Null when the body carries no logprobs.
 */
export function analyzeResponse(
  completion: ChatCompletion,
  options: { toolNames?: string[]; calledNames?: string[] } = {},
): ResponseInsight | null {
  const tokens = readTokenLogprobs(completion);
  if (tokens === null) return null;
  const rawOutput = rebuildRawOutput(tokens);
  const serverCalls = serverToolCalls(completion.choices[0].message);
  const expected = options.calledNames ?? (serverCalls.length > 0 ? serverCalls.map((call) => call.name) : null);
  const toolNames = toolNameConfidences(tokens, expected, options.toolNames ?? []);
  return {
    rawOutput,
    tokenCount: tokens.length,
    toolNameConfidence: toolNames[0]?.probability ?? null,
    toolNames,
    lostValues: findLostValues(rawOutput, serverCalls),
  };
}
