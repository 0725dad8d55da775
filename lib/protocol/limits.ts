// One table of the limits Remora keeps, read by the command line, the HTTP API, the engine and the
// store alike, so that what one accepts the others accept too. Pure constants: this module imports
// nothing, so that every layer may use it.

const KIB = 1024;
const MIB = 1024 * KIB;

export const LIMITS = {
  /** Conversations at once in one experiment. */
  concurrency: { min: 1, max: 256, default: 8 },
  /** Conversations per variant. */
  requestsPerVariant: { min: 1, max: 1_000_000, default: 20 },
  /** Model calls per conversation. */
  maxTurns: { min: 1, max: 100 },
  /** max_tokens of one model response. */
  maxTokens: { min: 1, max: 32_768 },
  /** Variants in one experiment. */
  variants: { min: 1, max: 20 },
  /** Characters of an id the user chooses (experiment, agent, variant, dataset names in paths). */
  idLength: { max: 200 },
  /** Characters of a variant name. */
  variantNameLength: { max: 100 },
  /** Characters of a system prompt or a node_context template. */
  promptLength: { max: 200_000 },
  /** Bytes of an API request body (JSON). */
  requestBodyBytes: { max: 1 * MIB },
  /** Bytes of a dataset file (with its BFCL answers file) uploaded through the panel. */
  datasetUploadBytes: { max: 64 * MIB },
  /**
   * Bytes of the JSON request that carries such a file (the proxy's body limit is raised to match).
   * Written as a JSON string, a valid JSONL file at most doubles (`"`, `\\` and line ends gain a
   * backslash; control characters are already escaped inside its strings), so a file at the limit
   * always fits, with room for the request's other fields.
   */
  datasetRequestBytes: { max: 2 * 64 * MIB + 1 * MIB },
  /** Bytes a model server may send for one answer, counted as they arrive and again after decompression. */
  responseBytes: { min: 1 * KIB, max: 256 * MIB, default: 4 * MIB },
  /**
   * Bytes a tool's workspace may hold (an agent's max_workspace_bytes, --workspace-limit), and what
   * the repository's test command may write beyond its copy.
   */
  workspaceBytes: { min: 1 * MIB, max: 16 * 1024 * MIB, default: 256 * MIB },
  /** Nesting of JSON read from a model server, a tool or a client: deeper is refused, never recursed into. */
  jsonDepth: { max: 64 },
  /**
   * Characters of one stored text (a message, a response string, an error page); longer ones are cut, their size noted.
   */
  storedTextChars: { max: 64 * KIB },
  /** Characters of one stored JSON value (a response body) once its strings are cut; larger ones keep a preview. */
  storedJsonChars: { max: 256 * KIB },
} as const;
