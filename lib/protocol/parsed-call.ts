/** One call extracted from a model response, before schema validation. */
export type ParsedCall = {
  name: string;
  arguments: Record<string, unknown>;
  /** The id the server gave the call, when it gave one. */
  id?: string;
  /** Set when the call's arguments could not be read as an object (e.g. bad JSON string). */
  argumentsError?: string;
};
