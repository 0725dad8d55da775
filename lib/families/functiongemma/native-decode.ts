// Decodes FunctionGemma's native call syntax: <start_function_call>call:NAME{key:value,...}<end_function_call>.
// Values: <escape>strings<escape>, bare numbers, true/false/null, [arrays], {nested:objects}.
// The model's output is untrusted: nothing here throws; every problem comes back as data.
import type { ParsedCall } from '../../protocol/parsed-call';
import { errorMessage } from '../../errors';
import {
  CALL_TERMINATORS,
  END_FUNCTION_CALL,
  START_FUNCTION_CALL,
  type CallTerminator,
} from '../../protocol/functiongemma-tokens';
import { DecodeFailure, Cursor, readObject } from './native-values';

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
