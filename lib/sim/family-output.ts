// The simulated model in another family than FunctionGemma (`sim --family NAME`): the text that
// family's model writes for a call, and what the vLLM tool parser serving it returns for that text,
// losses included (README "Comparing models" lists them). Each family folder plays its own parser
// (vllm-parser.ts, lib/families/vllm-parsing.ts says how); here the arguments are written as vLLM
// writes them.
import type { FamilyName } from '../families/family';
import { FAMILIES } from '../families/registry';
import { pythonJsonDumps } from '../parsing/python-json';
import { isRecord } from '../protocol/records';
import type { VllmExtraction } from './vllm-tool-parser';

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

/** What vLLM started with the family's `--tool-call-parser` returns for the model's text. */
export function extractLikeFamilyParser(family: OtherFamily, text: string): VllmExtraction {
  const parser = FAMILIES[family].vllmParser;
  if (!parser) throw new Error(`the ${family} family gives no simulated vLLM parser (its folder's vllm-parser.ts)`);
  const reading = parser(text);
  return {
    toolsCalled: reading.toolsCalled,
    // vLLM writes the arguments with Python's json.dumps.
    calls: reading.calls.map((call) => ({ name: call.name, arguments: pythonJsonDumps(call.arguments) })),
    content: reading.content,
  };
}
