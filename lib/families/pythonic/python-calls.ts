// A reader for a Python list of calls with literal arguments, `[f(a=1, b="x"), g()]`: the pythonic
// call format. Only literals are accepted (strings, numbers, True/False/None, lists, tuples, dicts),
// as vLLM's pythonic parser accepts only what ast.literal_eval would. Iterative over characters,
// recursive only in nesting, which is bounded.
import type { NativeCall } from '../family';

const MAX_DEPTH = 64;

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  fail(what: string): never {
    throw new Error(`${what} at character ${this.at}`);
  }
  skip(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at++;
  }
  eat(char: string): boolean {
    this.skip();
    if (this.text[this.at] !== char) return false;
    this.at++;
    return true;
  }
  expect(char: string): void {
    if (!this.eat(char)) this.fail(`expected "${char}"`);
  }
  name(): string {
    this.skip();
    const match = /^[A-Za-z_][\w.]*/.exec(this.text.slice(this.at, this.at + 256));
    if (!match) this.fail('expected a name');
    this.at += match[0].length;
    return match[0];
  }

  /** Items up to `close`, separated by commas (a trailing comma allowed). */
  items(close: string, item: () => void): void {
    while (!this.eat(close)) {
      item();
      if (!this.eat(',')) {
        this.expect(close);
        return;
      }
    }
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) this.fail('the value nests too deep');
    this.skip();
    const char = this.text[this.at];
    if (char === '"' || char === "'") return this.string(char);
    if (char === '[' || char === '(') {
      this.at++;
      const list: unknown[] = [];
      this.items(char === '[' ? ']' : ')', () => list.push(this.value(depth + 1)));
      return list;
    }
    if (char === '{') {
      this.at++;
      const object: Record<string, unknown> = {};
      this.items('}', () => {
        const key = this.value(depth + 1);
        if (typeof key !== 'string' && typeof key !== 'number') this.fail('a dict key must be a string or number');
        this.expect(':');
        object[String(key)] = this.value(depth + 1);
      });
      return object;
    }
    const number = /^-?(?:\d[\d_]*)?(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.at, this.at + 64));
    if (number && number[0] !== '' && number[0] !== '-') {
      this.at += number[0].length;
      return Number(number[0].replaceAll('_', ''));
    }
    const word = this.name();
    if (word === 'True') return true;
    if (word === 'False') return false;
    if (word === 'None') return null;
    return this.fail(`"${word}" is not a literal`);
  }

  string(quote: string): string {
    this.at++;
    let out = '';
    const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
    while (this.at < this.text.length) {
      const char = this.text[this.at++];
      if (char === quote) return out;
      if (char !== '\\') {
        out += char;
        continue;
      }
      const next = this.text[this.at++];
      if (next === 'u' || next === 'x') {
        const size = next === 'u' ? 4 : 2;
        const hex = this.text.slice(this.at, this.at + size);
        if (!new RegExp(`^[0-9a-fA-F]{${size}}$`).test(hex)) this.fail('a bad escape');
        out += String.fromCharCode(parseInt(hex, 16));
        this.at += size;
      } else out += escapes[next] ?? `\\${next}`;
    }
    return this.fail('a string is never closed');
  }

  call(): NativeCall {
    const name = this.name();
    this.expect('(');
    const args: Record<string, unknown> = {};
    this.items(')', () => {
      const key = this.name();
      if (!this.eat('=')) this.fail(`argument "${key}" is not written as name=value`);
      args[key] = this.value(0);
    });
    return { name, arguments: args };
  }
}

/** The calls of a `[f(...), ...]` text; throws with the reason when it is not one. */
export function readPythonCalls(text: string): NativeCall[] {
  const reader = new Reader(text);
  reader.expect('[');
  const calls: NativeCall[] = [];
  reader.items(']', () => calls.push(reader.call()));
  reader.skip();
  if (reader.at !== text.length) reader.fail('text follows the call list');
  return calls;
}
