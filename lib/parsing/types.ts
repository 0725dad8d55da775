import { FAMILY_PARSE_PATHS } from '../families/family';
import type { ParsedCall } from '../protocol/parsed-call';

/** The paths of spec/remora.md's table, in its order. */

export const PARSE_PATHS = [
  'tool_calls',
  'json_name_arguments',
  'json_name_parameters',
  'json_tool_calls',
  'json_array',
  'functiongemma_tags',
  'text',
  'empty',
  'malformed',
] as const;

/** Every path: the spec's, then one per model family's native text (lib/families). */
export const ALL_PARSE_PATHS = [...PARSE_PATHS, ...FAMILY_PARSE_PATHS] as const;

export type ParsePath = (typeof ALL_PARSE_PATHS)[number];
/** A path of the spec's table (what the FunctionGemma simulator writes). */
export type SpecParsePath = (typeof PARSE_PATHS)[number];

export type ResponsePreference = 'tool_calls-first' | 'content-first';

export type ParseResult = {
  path: ParsePath;
  calls: ParsedCall[];
  /** Why the response could not be parsed (path `malformed`), else null. */
  error: string | null;
  /** Free text of the response that is not part of a call (kept as the final answer under `auto`). */
  text: string;
};
