// The simulated model's raw output for each shape, and what the server makes of it.
import type { SimShape } from './options';
import type { PlannedCall } from './model-policy';
import type { Random } from './random';
import { encodeCall, escapeString, sortKeysLikeTemplate } from '../families/functiongemma/encode';
import { END_FUNCTION_CALL, START_FUNCTION_CALL } from '../protocol/functiongemma-tokens';
import { extractToolCallsLikeVllm, type VllmExtractedCall } from './vllm-tool-parser';

/** What the server returns in `message`, and the text the model generated. */
export type ServerAnswer = { rawOutput: string; content: string | null; calls: VllmExtractedCall[] };

/** True when the call holds a value vLLM would drop if written bare (anything but a string). */
export function hasNonStringValue(args: Record<string, unknown>): boolean {
  return Object.values(args).some((value) => value !== undefined && typeof value !== 'string');
}

/**
 * The call with every value wrapped in <escape>: strings as they are, anything else as its JSON. vLLM
 * JSON-decodes each, so numbers, booleans, arrays and objects survive its parser this way.
 */
function escapedCallText(name: string, args: Record<string, unknown>): string {
  const fields = sortKeysLikeTemplate(Object.keys(args))
    .filter((key) => args[key] !== undefined)
    .map((key) => {
      const value = args[key];
      return `${key}:${escapeString(typeof value === 'string' ? value : JSON.stringify(value))}`;
    });
  return `${START_FUNCTION_CALL}call:${name}{${fields.join(',')}}${END_FUNCTION_CALL}`;
}

/** A call attempt cut off: JSON ending mid-object, or a native start tag ending right after the name. */
function malformedText(call: PlannedCall, random: Random, allowNative: boolean): string {
  if (allowNative && random.chance(0.5)) return `${START_FUNCTION_CALL}call:${call.name}`;
  const full = JSON.stringify({ name: call.name, arguments: call.arguments });
  // Any proper prefix of a JSON object is invalid JSON; cut somewhere inside the arguments.
  const earliest = full.indexOf('"arguments"') + '"arguments":'.length;
  return full.slice(0, random.integer(earliest, full.length - 1));
}

/** The raw text the model writes for a shape that carries a call (or fails to). */
export function writeOutput(
  shape: SimShape,
  call: PlannedCall,
  options: { bareValues: boolean; allowNative: boolean },
  random: Random,
  text: string,
): string {
  switch (shape) {
    case 'tool_calls':
      return options.bareValues ? encodeCall(call.name, call.arguments) : escapedCallText(call.name, call.arguments);
    case 'functiongemma_tags':
      return encodeCall(call.name, call.arguments);
    case 'json_name_arguments':
      return JSON.stringify({ name: call.name, arguments: call.arguments });
    case 'json_name_parameters':
      return JSON.stringify({ name: call.name, parameters: call.arguments });
    case 'json_tool_calls':
      return JSON.stringify({
        tool_calls: [{ type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } }],
      });
    case 'json_array':
      return JSON.stringify([{ name: call.name, parameters: call.arguments }]);
    case 'malformed':
      return malformedText(call, random, options.allowNative);
    case 'text':
      return text;
    case 'empty':
      return '';
  }
}

/**
 * What the server returns for the model's output under `tool_choice: auto`. With tools in the
 * request vLLM runs its parser; `functiongemma_tags` stands for a server that returns the raw text
 * (llama.cpp without a FunctionGemma parser, or vLLM started without --tool-call-parser).
 */
export function serveAuto(shape: SimShape, rawOutput: string, parserRuns: boolean): ServerAnswer {
  if (!parserRuns || shape === 'functiongemma_tags') return { rawOutput, content: rawOutput, calls: [] };
  const extraction = extractToolCallsLikeVllm(rawOutput);
  return { rawOutput, content: extraction.content, calls: extraction.calls };
}
