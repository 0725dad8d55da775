// Decodes FunctionGemma's native call syntax: <start_function_call>call:NAME{key:value,...}<end_function_call>.
// Values: <escape>strings<escape>, bare numbers, true/false/null, [arrays], {nested:objects}.
// The model's output is untrusted: nothing here throws; every problem comes back as data.
import type { ParsedCall } from '../protocol/parsed-call';
import { errorMessage } from '../errors';
import { parseJson } from '../protocol/json';

import {
  END_FUNCTION_CALL,
  END_OF_TURN,
  ESCAPE,
  START_FUNCTION_CALL,
  START_FUNCTION_RESPONSE,
} from '../protocol/functiongemma-tokens';

/** Tokens that end a call's text. A string value cannot hold them, so a broken call never swallows the next one. */
const CALL_TERMINATORS = [END_FUNCTION_CALL, START_FUNCTION_CALL, START_FUNCTION_RESPONSE, END_OF_TURN] as const;
type CallTerminator = (typeof CALL_TERMINATORS)[number];

/** Deeper nesting than this is no real call; the limit keeps recursion far from the stack limit. */
const MAX_DEPTH = 64;

const NAME_PATTERN = /[\w.-]+/y;
const NUMBER_PATTERN = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
// A bare integer with a leading zero (a zip code, an id) stays a string: schema coercion can still turn it into a number, but not back.
const LEADING_ZERO_PATTERN = /^-?0\d/;

export type NativeDecodeResult = {
  /** Calls in order. A call whose arguments could not be read is kept with `arguments: {}` and `argumentsError`. */
  calls: ParsedCall[];
  /** Text before the first call, trimmed. The whole text when there is no call. */
  textBefore: string;
  /** The first problem met (a truncated or broken call), else null. */
  error: string | null;
  /** True when a <start_function_call> tag appears at all. */
  found: boolean;
};

export type NativeValueResult = { ok: true; value: unknown } | { ok: false; error: string };

class DecodeFailure extends Error {}

/** A read position over text[position, end). */
class Cursor {
  position: number;
  constructor(
    readonly text: string,
    start: number,
    readonly end: number,
    /** What stopped the region: a token name for messages, or null when the text itself ended. */
    readonly stoppedBy: CallTerminator | null,
  ) {
    this.position = start;
  }

  atEnd(): boolean {
    return this.position >= this.end;
  }

  current(): string {
    return this.text[this.position];
  }

  startsWith(token: string): boolean {
    return this.position + token.length <= this.end && this.text.startsWith(token, this.position);
  }

  skipWhitespace(): void {
    while (this.position < this.end && isWhitespace(this.text.charCodeAt(this.position))) this.position += 1;
  }

  /** Reads a bare name (word characters, '-', '.') or returns '' when none starts here. */
  readName(): string {
    NAME_PATTERN.lastIndex = this.position;
    const match = NAME_PATTERN.exec(this.text);
    if (!match) return '';
    const name = match[0].slice(0, Math.max(0, this.end - this.position));
    this.position += name.length;
    return name;
  }

  /** A short quote of what comes next, for error messages. */
  preview(): string {
    return this.text.slice(this.position, Math.min(this.end, this.position + 16));
  }

  /** Explains why the region ended where a value or closing bracket was still expected. */
  endedEarly(what: string): DecodeFailure {
    if (this.stoppedBy === null) return new DecodeFailure(`the output ends before ${what}`);
    return new DecodeFailure(`${this.stoppedBy} comes before ${what}`);
  }
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 12;
}

function setProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  // A plain assignment to "__proto__" would replace the prototype instead of adding a key.
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function readValue(cursor: Cursor, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new DecodeFailure(`values are nested more than ${MAX_DEPTH} levels deep`);
  cursor.skipWhitespace();
  if (cursor.atEnd()) throw cursor.endedEarly('a value');
  if (cursor.startsWith(ESCAPE)) return readEscapedString(cursor);
  const character = cursor.current();
  if (character === '{') return readObject(cursor, depth);
  if (character === '[') return readArray(cursor, depth);
  if (character === '"') return readQuotedString(cursor);
  return readBareValue(cursor);
}

function readEscapedString(cursor: Cursor): string {
  const start = cursor.position + ESCAPE.length;
  // Searching only the region keeps many unclosed strings from costing a scan to the end of the text each.
  const found = cursor.text.slice(start, cursor.end).indexOf(ESCAPE);
  const close = found === -1 ? -1 : start + found;
  if (close === -1) {
    cursor.position = cursor.end;
    throw cursor.endedEarly('a string value is closed with <escape>');
  }
  cursor.position = close + ESCAPE.length;
  return cursor.text.slice(start, close);
}

/** A JSON-style "string": not the native format, but unambiguous when a model writes it. */
function readQuotedString(cursor: Cursor): string {
  const { text } = cursor;
  let index = cursor.position + 1;
  while (index < cursor.end) {
    const character = text[index];
    if (character === '\\') index += 2;
    else if (character === '"') break;
    else index += 1;
  }
  if (index >= cursor.end) {
    cursor.position = cursor.end;
    throw cursor.endedEarly('a quoted string is closed');
  }
  const literal = text.slice(cursor.position, index + 1);
  cursor.position = index + 1;
  const parsed = parseJson(literal);
  // With an invalid escape sequence inside, the characters between the quotes are the best reading.
  return parsed.ok && typeof parsed.value === 'string' ? parsed.value : literal.slice(1, -1);
}

/** A bare word runs to the next ',', '}' or ']'. Numbers, booleans and null are typed; anything else is a string. */
function readBareValue(cursor: Cursor): unknown {
  const { text } = cursor;
  const start = cursor.position;
  let index = start;
  while (index < cursor.end) {
    const character = text[index];
    if (character === ',' || character === '}' || character === ']') break;
    index += 1;
  }
  cursor.position = index;
  const word = text.slice(start, index).trim();
  if (word === '') throw new DecodeFailure(`a value is missing before "${text[index] ?? 'the end'}"`);
  if (word === 'true') return true;
  if (word === 'false') return false;
  if (word === 'null') return null;
  if (NUMBER_PATTERN.test(word) && !LEADING_ZERO_PATTERN.test(word)) {
    const number = Number(word);
    if (Number.isFinite(number)) return number;
  }
  return word;
}

function readKey(cursor: Cursor): string {
  cursor.skipWhitespace();
  if (cursor.atEnd()) throw cursor.endedEarly('the next key');
  if (cursor.startsWith(ESCAPE)) return readEscapedString(cursor);
  if (cursor.current() === '"') return readQuotedString(cursor);
  const key = cursor.readName();
  if (key === '') throw new DecodeFailure(`expected a key, found "${cursor.preview()}"`);
  return key;
}

function readObject(cursor: Cursor, depth: number): Record<string, unknown> {
  cursor.position += 1;
  const result: Record<string, unknown> = {};
  for (;;) {
    cursor.skipWhitespace();
    if (cursor.atEnd()) throw cursor.endedEarly('an object is closed with "}"');
    if (cursor.current() === '}') {
      cursor.position += 1;
      return result;
    }
    const key = readKey(cursor);
    cursor.skipWhitespace();
    if (cursor.atEnd()) throw cursor.endedEarly(`the value of "${key}"`);
    if (cursor.current() !== ':') throw new DecodeFailure(`expected ":" after the key "${key}"`);
    cursor.position += 1;
    setProperty(result, key, readValue(cursor, depth + 1));
    cursor.skipWhitespace();
    if (cursor.atEnd()) throw cursor.endedEarly('an object is closed with "}"');
    const separator = cursor.current();
    if (separator === ',') cursor.position += 1;
    else if (separator !== '}')
      throw new DecodeFailure(`expected "," or "}" after the value of "${key}", found "${separator}"`);
  }
}

function readArray(cursor: Cursor, depth: number): unknown[] {
  cursor.position += 1;
  const result: unknown[] = [];
  for (;;) {
    cursor.skipWhitespace();
    if (cursor.atEnd()) throw cursor.endedEarly('an array is closed with "]"');
    if (cursor.current() === ']') {
      cursor.position += 1;
      return result;
    }
    result.push(readValue(cursor, depth + 1));
    cursor.skipWhitespace();
    if (cursor.atEnd()) throw cursor.endedEarly('an array is closed with "]"');
    const separator = cursor.current();
    if (separator === ',') cursor.position += 1;
    else if (separator !== ']') throw new DecodeFailure(`expected "," or "]" in an array, found "${separator}"`);
  }
}

/** Finds the next call-ending token at or after `from`. */
function findTerminator(text: string, from: number): { index: number; token: CallTerminator | null } {
  let index = text.indexOf('<', from);
  while (index !== -1) {
    for (const token of CALL_TERMINATORS) {
      if (text.startsWith(token, index)) return { index, token };
    }
    index = text.indexOf('<', index + 1);
  }
  return { index: text.length, token: null };
}

/**
 * Reads the calls in one region (between a start tag and the token that ends it). Usually one call;
 * several when a model wrote `call:a{...}call:b{...}` without end tags in between.
 */
function readRegion(cursor: Cursor, calls: ParsedCall[]): string | null {
  for (let first = true; ; first = false) {
    cursor.skipWhitespace();
    if (!first && !cursor.startsWith('call:')) return null; // trailing text after a call is discarded, as vLLM does
    let name = '';
    try {
      if (cursor.startsWith('call:')) cursor.position += 'call:'.length;
      cursor.skipWhitespace();
      name = cursor.readName();
      if (name === '') {
        if (cursor.atEnd()) throw cursor.endedEarly('a function name');
        throw new DecodeFailure(`expected a function name, found "${cursor.preview()}"`);
      }
      cursor.skipWhitespace();
      if (cursor.atEnd()) {
        // `call:NAME<end_function_call>` is a call without arguments; at the very end of the output it may be cut off.
        if (cursor.stoppedBy === null) throw cursor.endedEarly(`the arguments of "${name}"`);
        calls.push({ name, arguments: {} });
        return null;
      }
      if (cursor.current() !== '{')
        throw new DecodeFailure(`expected "{" after the function name "${name}", found "${cursor.current()}"`);
      calls.push({ name, arguments: readObject(cursor, 0) });
    } catch (error) {
      const message = error instanceof DecodeFailure ? error.message : `the decoder failed: ${errorMessage(error)}`;
      if (name === '') return `call ${calls.length + 1}: ${message}`;
      calls.push({ name, arguments: {}, argumentsError: message });
      return `call ${calls.length} ("${name}"): ${message}`;
    }
  }
}

/** Extracts every native call from a model's output. Never throws. */
export function decodeNativeCalls(text: string): NativeDecodeResult {
  if (typeof text !== 'string') return { calls: [], textBefore: '', error: 'the output is not text', found: false };
  const first = text.indexOf(START_FUNCTION_CALL);
  if (first === -1) return { calls: [], textBefore: text.trim(), error: null, found: false };
  const calls: ParsedCall[] = [];
  let error: string | null = null;
  let start = first;
  while (start !== -1) {
    const bodyStart = start + START_FUNCTION_CALL.length;
    const terminator = findTerminator(text, bodyStart);
    const regionError = readRegion(new Cursor(text, bodyStart, terminator.index, terminator.token), calls);
    error ??= regionError;
    start = nextCallStart(text, terminator);
  }
  return { calls, textBefore: text.slice(0, first).trim(), error, found: true };
}

/** Where the next call starts, or -1 when the output (or the model's own part of it) is over. */
function nextCallStart(text: string, terminator: { index: number; token: CallTerminator | null }): number {
  if (terminator.token === START_FUNCTION_CALL) return terminator.index;
  if (terminator.token !== END_FUNCTION_CALL) return -1; // end of text, end of turn, or a hallucinated tool response
  let after = findTerminator(text, terminator.index + END_FUNCTION_CALL.length);
  while (after.token === END_FUNCTION_CALL) after = findTerminator(text, after.index + END_FUNCTION_CALL.length);
  return after.token === START_FUNCTION_CALL ? after.index : -1;
}

/** Decodes one native value (`<escape>text<escape>`, `42`, `[...]`, `{k:v}`); the whole text must be that value. */
export function decodeNativeValue(text: string): NativeValueResult {
  if (typeof text !== 'string') return { ok: false, error: 'the value is not text' };
  const cursor = new Cursor(text, 0, text.length, null);
  try {
    const value = readValue(cursor, 0);
    cursor.skipWhitespace();
    if (!cursor.atEnd())
      return {
        ok: false,
        error: `unexpected text after the value: "${text.slice(cursor.position, cursor.position + 20)}"`,
      };
    return { ok: true, value };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof DecodeFailure ? error.message : `the decoder failed: ${errorMessage(error)}`,
    };
  }
}
