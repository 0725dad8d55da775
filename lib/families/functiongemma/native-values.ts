// FunctionGemma's native values: <escape>strings<escape>, bare numbers, true/false/null, [arrays],
// {nested:objects}, read by a cursor over one call's region. Nothing here throws past
// decodeNativeValue and native-decode.ts's readers: a problem is a DecodeFailure they turn into data.
import { errorMessage } from '../../errors';
import { parseJson } from '../../protocol/json';
import { ESCAPE, type CallTerminator } from '../../protocol/functiongemma-tokens';

/** Deeper nesting than this is no real call; the limit keeps recursion far from the stack limit. */
const MAX_DEPTH = 64;

const NAME_PATTERN = /[\w.-]+/y;

const NUMBER_PATTERN = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

// A bare integer with a leading zero (a zip code, an id) stays a string: schema coercion can still turn it into a
// number, but not back.
const LEADING_ZERO_PATTERN = /^-?0\d/;

export type NativeValueResult = { ok: true; value: unknown } | { ok: false; error: string };

export class DecodeFailure extends Error {}

/** A read position over text[position, end). */
export class Cursor {
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

export function readObject(cursor: Cursor, depth: number): Record<string, unknown> {
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
