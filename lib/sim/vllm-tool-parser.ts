// An emulation of vLLM's `functiongemma` tool parser (non-streaming), lossy parts included, so the
// simulator returns what vLLM would return for the same model output (spec/functiongemma.md):
// - calls are `<start_function_call>call:NAME{...}<end_function_call>`, or one left unterminated up
//   to the end of the output; NAME and keys are word characters;
// - only `key:<escape>value<escape>` pairs are read, anywhere in the braces (nested keys end up at
//   the top level); each value is JSON-decoded when it can be, else kept as the string;
// - bare numbers, booleans, arrays and objects are therefore dropped;
// - text before the first call becomes `content` (trimmed, null when empty); text after the calls
//   is discarded; when no call is found the whole output, control tokens included, is the content.
// Arguments are serialized as Python's json.dumps would (", " and ": " separators).
import { pythonJsonDumps, pythonJsonDumpsEntries } from '../parsing/python-json';
import { parseJson, type JsonParseResult } from '../protocol/json';

import { START_FUNCTION_CALL } from '../protocol/functiongemma-tokens';
// Python's `\w` on str is Unicode-aware; `[\p{L}\p{N}_]` is its nearest JavaScript spelling.
const NAME = String.raw`[\p{L}\p{N}_]+`;
// vLLM's pattern: a closed call, or else an unclosed one running to the end of the text.
const TOOL_CALL_PATTERN = new RegExp(
  String.raw`<start_function_call>call:(${NAME})\{(.*?)\}<end_function_call>|` +
    String.raw`<start_function_call>call:(${NAME})\{(.*)`,
  'gsu',
);
const ARGUMENT_PATTERN = /([\p{L}\p{N}_]+):<escape>(.*?)<escape>/gsu;
const PYTHON_SPECIAL_NUMBERS: Record<string, number> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

export type VllmExtractedCall = { name: string; arguments: string };
export type VllmExtraction = { toolsCalled: boolean; calls: VllmExtractedCall[]; content: string | null };

/** json.loads with failure as a value. Python also reads NaN and ±Infinity. */
function pythonJsonLoads(text: string): JsonParseResult {
  const special = PYTHON_SPECIAL_NUMBERS[text.trim()];
  if (special !== undefined) return { ok: true, value: special };
  return parseJson(text);
}

function parseArguments(argumentsText: string): string {
  // Python dicts keep the first position of a repeated key while taking its last value; a Map does too.
  const fields = new Map<string, unknown>();
  for (const match of argumentsText.matchAll(ARGUMENT_PATTERN)) {
    const decoded = pythonJsonLoads(match[2]);
    // A value that is not JSON is kept as the raw string, as vLLM does on JSONDecodeError.
    fields.set(match[1], decoded.ok ? decoded.value : match[2]);
  }
  return pythonJsonDumpsEntries([...fields.entries()]);
}

/** What vLLM's parser makes of one model output. Never throws. */
export function extractToolCallsLikeVllm(modelOutput: string): VllmExtraction {
  if (!modelOutput.includes(START_FUNCTION_CALL)) return { toolsCalled: false, calls: [], content: modelOutput };
  const calls: VllmExtractedCall[] = [];
  for (const match of modelOutput.matchAll(TOOL_CALL_PATTERN)) {
    const name = match[1] || match[3];
    if (!name) continue;
    calls.push({ name, arguments: parseArguments(match[2] || match[4] || '') });
  }
  if (calls.length === 0) return { toolsCalled: false, calls: [], content: modelOutput };
  const contentEnd = modelOutput.indexOf(START_FUNCTION_CALL);
  const content = contentEnd > 0 ? modelOutput.slice(0, contentEnd).trim() : '';
  return { toolsCalled: true, calls, content: content === '' ? null : content };
}

/** vLLM's `required` mode: the model wrote a JSON array of {name, parameters}; arguments are re-serialized. */
export function callsFromRequiredArray(
  entries: { name: string; parameters: Record<string, unknown> }[],
): VllmExtractedCall[] {
  return entries.map((entry) => ({ name: entry.name, arguments: pythonJsonDumps(entry.parameters) }));
}
