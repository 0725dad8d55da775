// The simulated model in another family than FunctionGemma (`sim --family NAME`): the text that
// family's model writes for a call, and what the vLLM tool parser serving it returns for that text,
// losses included (README "Comparing models" lists them). Each emulation follows the parser's
// documented behaviour, not its code: all or nothing where vLLM is, text around a call dropped
// where vLLM drops it.
import type { FamilyName } from '../families/family';
import { jsonValueEnd } from '../families/json-text';
import { readPythonCalls } from '../families/pythonic/python-calls';
import { pythonJsonDumps } from '../parsing/python-json';
import { parseJson } from '../protocol/json';
import { isRecord } from '../protocol/records';
import type { VllmExtraction, VllmExtractedCall } from './vllm-tool-parser';

export type OtherFamily = Exclude<FamilyName, 'functiongemma'>;
type Args = Record<string, unknown>;

/** A value as a Python literal (pythonic calls): True/False/None, strings double-quoted. */
function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (isRecord(value))
    return `{${Object.entries(value)
      .map(([key, field]) => `${JSON.stringify(key)}: ${pythonLiteral(field)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

const jsonCall = (name: string, args: Args, key = 'arguments') =>
  `{"name": ${JSON.stringify(name)}, "${key}": ${pythonJsonDumps(args)}}`;

/** The call as the family's model writes it. */
export function writeFamilyCall(family: OtherFamily, name: string, args: Args): string {
  switch (family) {
    case 'hermes':
      return `<tool_call>\n${jsonCall(name, args)}\n</tool_call>`;
    case 'llama3-json':
      return jsonCall(name, args, 'parameters');
    case 'pythonic':
      return `[${name}(${Object.entries(args)
        .map(([key, value]) => `${key}=${pythonLiteral(value)}`)
        .join(', ')})]`;
    case 'mistral':
      return `[TOOL_CALLS] [${jsonCall(name, args)}]`;
    case 'granite':
      return `<|tool_call|>[${jsonCall(name, args)}]`;
    case 'phi4-mini':
      return `functools[${jsonCall(name, args)}]`;
    case 'xlam':
      return `[${jsonCall(name, args)}]`;
  }
}

const asContent = (text: string): VllmExtraction => ({ toolsCalled: false, calls: [], content: text });

/** Entries {name, arguments|parameters} to calls with arguments as vLLM serializes them; null if one is not a call. */
function extracted(entries: unknown[]): VllmExtractedCall[] | null {
  const calls: VllmExtractedCall[] = [];
  for (const entry of entries) {
    if (!isRecord(entry) || typeof entry.name !== 'string') return null;
    const args = entry.arguments ?? entry.parameters ?? {};
    calls.push({ name: entry.name, arguments: pythonJsonDumps(args) });
  }
  return calls;
}

function jsonEntries(text: string): unknown[] | null {
  const parsed = parseJson(text);
  if (!parsed.ok) return null;
  return Array.isArray(parsed.value) ? parsed.value : [parsed.value];
}

function called(calls: VllmExtractedCall[] | null, text: string, content: string | null = null): VllmExtraction {
  return calls && calls.length > 0 ? { toolsCalled: true, calls, content } : asContent(text);
}

// hermes: every <tool_call> block must be JSON, or nothing is a call; content is the text before the first.
function hermes(text: string): VllmExtraction {
  const start = text.indexOf('<tool_call>');
  if (start === -1) return asContent(text);
  const blocks = [...text.matchAll(/<tool_call>([\s\S]*?)<\/tool_call>|<tool_call>([\s\S]*)$/g)];
  const entries: unknown[] = [];
  for (const block of blocks) {
    const one = jsonEntries((block[1] ?? block[2]).trim());
    if (!one || one.length !== 1) return asContent(text);
    entries.push(one[0]);
  }
  return called(extracted(entries), text, text.slice(0, start) || null);
}

// llama3_json: only an answer starting with <|python_tag|> or `{`; `;`-separated objects.
function llama3Json(text: string): VllmExtraction {
  if (!text.startsWith('<|python_tag|>') && !text.startsWith('{')) return asContent(text);
  const body = text.replace(/^<\|python_tag\|>/, '');
  const entries: unknown[] = [];
  for (let at = 0; at < body.length;) {
    const end = jsonValueEnd(body, at);
    const one = end === -1 ? null : jsonEntries(body.slice(at, end));
    if (!one) return asContent(text);
    entries.push(...one);
    const rest = body.slice(end).replace(/^\s*;\s*/, '');
    at = body.length - rest.length;
    if (rest !== '' && !rest.startsWith('{')) return asContent(text);
  }
  return called(extracted(entries), text);
}

// pythonic: the whole answer is one list of calls with literal arguments, or it is content.
function pythonic(text: string): VllmExtraction {
  try {
    const calls = readPythonCalls(text.trim());
    return called(
      calls.map((call) => ({ name: call.name, arguments: pythonJsonDumps(call.arguments) })),
      text,
    );
  } catch {
    return asContent(text);
  }
}

// mistral: the JSON after [TOOL_CALLS] must parse; content is the text before it.
function mistral(text: string): VllmExtraction {
  const at = text.indexOf('[TOOL_CALLS]');
  if (at === -1) return asContent(text);
  const entries = jsonEntries(text.slice(at + '[TOOL_CALLS]'.length).trim());
  return called(entries && extracted(entries), text, text.slice(0, at).trim() || null);
}

// granite: after an optional <|tool_call|> the answer must start with `[`.
function granite(text: string): VllmExtraction {
  const body = text
    .trim()
    .replace(/^<\|tool_call\|>/, '')
    .trimStart();
  if (!body.startsWith('[')) return asContent(text);
  const entries = jsonEntries(body);
  return called(entries && extracted(entries), text);
}

// phi4_mini_json: `functools\[(.*?)\]` stops at the first `]`, so a list inside the arguments cuts the JSON.
function phi4Mini(text: string): VllmExtraction {
  const match = /functools\[([\s\S]*?)\]/.exec(text);
  if (!match) return asContent(text);
  const entries = jsonEntries(`[${match[1]}]`);
  return called(entries && extracted(entries), text);
}

// xlam: a JSON list, bare or in a ```json fence.
function xlam(text: string): VllmExtraction {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const body = (fenced ? fenced[1] : text).trim();
  if (!body.startsWith('[')) return asContent(text);
  const entries = jsonEntries(body);
  return called(entries && extracted(entries), text);
}

const PARSERS: Record<OtherFamily, (text: string) => VllmExtraction> = {
  hermes,
  'llama3-json': llama3Json,
  pythonic,
  mistral,
  granite,
  'phi4-mini': phi4Mini,
  xlam,
};

/** What vLLM started with the family's `--tool-call-parser` returns for the model's text. */
export function extractLikeFamilyParser(family: OtherFamily, text: string): VllmExtraction {
  return PARSERS[family](text);
}
