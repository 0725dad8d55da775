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

/** One call extracted from a model response, before schema validation. */
export type ParsedCall = {
  name: string;
  arguments: Record<string, unknown>;
  /** The id the server gave the call, when it gave one. */
  id?: string;
  /** Set when the call's arguments could not be read as an object (e.g. bad JSON string). */
  argumentsError?: string;
};

export type ParseResult = {
  path: ParsePath;
  calls: ParsedCall[];
  /** Why the response could not be parsed (path `malformed`), else null. */
  error: string | null;
  /** Free text of the response that is not part of a call (kept as the final answer under `auto`). */
  text: string;
};
