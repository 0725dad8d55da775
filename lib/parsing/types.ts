import type { ParsedCall } from '../protocol/parsed-call';

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

export type ParsePath = (typeof PARSE_PATHS)[number];

export type ResponsePreference = 'tool_calls-first' | 'content-first';

export type ParseResult = {
  path: ParsePath;
  calls: ParsedCall[];
  /** Why the response could not be parsed (path `malformed`), else null. */
  error: string | null;
  /** Free text of the response that is not part of a call (kept as the final answer under `auto`). */
  text: string;
};
