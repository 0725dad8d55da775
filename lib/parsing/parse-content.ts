// Stage 2 for `content`: find the calls a model wrote as text and name the path taken.
import type { ParseResult } from './types';
import { decodeNativeCalls } from '../families/functiongemma/native-decode';
import type { ModelFamily } from '../families/family';
import { recogniseFamily } from '../families/registry';
import { callFromEntry, callsFromJson } from './json-calls';
import type { ParsedCall } from '../protocol/parsed-call';
import { parseJson } from '../protocol/json';

import { stripFence } from '../protocol/code-fence';
import { END_FUNCTION_RESPONSE, END_OF_TURN, EOS, START_FUNCTION_CALL } from '../protocol/functiongemma-tokens';

/** `call:NAME{` without the start tag: a server that drops control tokens leaves the native call like this. */
const BARE_CALL_PATTERN = /(?:^|[^\w.-])(call:[\w.-]+\s*\{)/;

/**
 * Call tags that no known family's reader could read (the families' own markers are recognised by
 * lib/families/registry.ts): a call attempt, so `malformed`, not a text answer that would end the conversation.
 */
const FOREIGN_CALL_MARKERS = ['<tool_call>', '<function_call>', '[TOOL_CALLS]', '<|tool_call|>', '<|python_tag|>'];

/** Control tokens a server may leave at the end of a text answer when it keeps special tokens. */
const TRAILING_CONTROL_TOKENS = [END_OF_TURN, EOS, END_FUNCTION_RESPONSE];

function malformed(error: string): ParseResult {
  return { path: 'malformed', calls: [], error, text: '' };
}

function withoutTrailingControlTokens(text: string): string {
  let result = text;
  for (let stripped = true; stripped;) {
    stripped = false;
    for (const token of TRAILING_CONTROL_TOKENS) {
      if (result.endsWith(token)) {
        result = result.slice(0, -token.length).trimEnd();
        stripped = true;
      }
    }
  }
  return result;
}

function fromNative(text: string): ParseResult {
  const decoded = decodeNativeCalls(text);
  // A block whose every call is broken is no call at all; one good call makes the response a call.
  if (decoded.calls.some((call) => call.argumentsError === undefined)) {
    return { path: 'functiongemma_tags', calls: decoded.calls, error: null, text: decoded.textBefore };
  }
  return malformed(`the native call block cannot be parsed: ${decoded.error ?? 'it holds no call'}`);
}

/**
 * A family's native text: its own path when its reader finds calls, `malformed` with its reason when
 * the attempt is broken, null when the text is not in its syntax.
 */
function fromFamily(family: ModelFamily, text: string): ParseResult | null {
  const reading = family.read(text);
  if (reading.kind === 'none') return null;
  if (reading.kind === 'broken') return malformed(`the ${family.name} call cannot be parsed: ${reading.error}`);
  const calls = reading.calls.map(callFromEntry).filter((call): call is ParsedCall => call !== null);
  return { path: family.parsePath, calls, error: null, text: reading.text };
}

function fromJson(text: string): ParseResult {
  const parsed = parseJson(text);
  if (!parsed.ok) return malformed(`the content looks like JSON but is not valid JSON: ${parsed.error}`);
  const read = callsFromJson(parsed.value);
  if (!read.ok) return malformed(read.error);
  return { path: read.path, calls: read.calls, error: null, text: '' };
}

/** The family the text is written in, when it is one's (see recogniseFamily), read as that family. */
function fromRecognised(text: string): ParseResult | null {
  const family = recogniseFamily(text);
  return family ? fromFamily(family, text) : null;
}

/**
 * Parses a message's content (a string; '' when there is none). Never throws. With a declared family
 * (the variant's), text in that family's syntax takes its path first; FunctionGemma's is the default reading.
 */
export function parseContent(content: string, declared?: ModelFamily | null): ParseResult {
  const trimmed = content.trim();
  if (trimmed === '') return { path: 'empty', calls: [], error: null, text: '' };
  if (declared && declared.name !== 'functiongemma') {
    const own = fromFamily(declared, trimmed);
    if (own) return own;
  }
  const unfenced = stripFence(trimmed);

  const first = unfenced[0];
  if (first === '{' || first === '[') {
    const json = fromJson(unfenced);
    // A native block may follow something brace-like; it is the better reading when the JSON one failed.
    if (json.path === 'malformed' && unfenced.includes(START_FUNCTION_CALL)) return fromNative(unfenced);
    // `[TOOL_CALLS] [...]`, `[f(a=1)]`: not JSON, but another family's call.
    if (json.path === 'malformed') return fromRecognised(unfenced) ?? json;
    return json;
  }
  if (unfenced.includes(START_FUNCTION_CALL)) return fromNative(unfenced);

  const bareCall = BARE_CALL_PATTERN.exec(unfenced);
  if (bareCall) {
    const at = bareCall.index + bareCall[0].length - bareCall[1].length;
    return fromNative(`${unfenced.slice(0, at)}${START_FUNCTION_CALL}${unfenced.slice(at)}`);
  }

  const recognised = fromRecognised(unfenced);
  if (recognised) return recognised;

  const foreign = FOREIGN_CALL_MARKERS.find((marker) => unfenced.includes(marker));
  if (foreign)
    return malformed(`the content holds a ${foreign} block, a call format of other models that is not parsed here`);

  // Valid JSON scalars ("hi", 42) and everything else are a text answer.
  const text = withoutTrailingControlTokens(trimmed);
  if (text === '') return { path: 'empty', calls: [], error: null, text: '' };
  return { path: 'text', calls: [], error: null, text };
}
