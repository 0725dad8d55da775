// What a model family is, as data: its native call syntax, control tokens, the vLLM tool parser that
// serves it, its chat template, and a reader for its calls written as text. Adding a family is one
// folder beside this file plus a line in registry.ts. Like lib/protocol, this layer imports nothing
// of the project above it, so the parser, the simulator and the panel can all read it.

/** The families Remora knows, by the name `--variant-family` takes. */
export const FAMILY_NAMES = [
  'functiongemma',
  'hermes',
  'llama3-json',
  'pythonic',
  'mistral',
  'granite',
  'phi4-mini',
  'xlam',
] as const;
export type FamilyName = (typeof FAMILY_NAMES)[number];

/**
 * The parse path of each family's native text (FunctionGemma keeps its own `functiongemma_tags`;
 * the JSON paths of spec/remora.md keep their meaning when no family claims the text).
 */
export const FAMILY_PARSE_PATHS = [
  'hermes_tool_call',
  'llama3_json',
  'pythonic_list',
  'mistral_tool_calls',
  'granite_tool_call',
  'phi4_mini_functools',
  'xlam_json_list',
] as const;
type FamilyParsePath = (typeof FAMILY_PARSE_PATHS)[number] | 'functiongemma_tags';

/** One call as the family's text holds it: arguments not yet checked (an object, a JSON string, anything). */
export type NativeCall = { name: string; arguments: unknown };

/**
 * A reading of text in a family's syntax: its calls and the free text around them, a call attempt
 * that cannot be read (`broken`, with the reason), or `none` when the text is not in this syntax.
 */
export type NativeReading =
  { kind: 'calls'; calls: NativeCall[]; text: string } | { kind: 'broken'; error: string } | { kind: 'none' };

/**
 * What vLLM's tool parser for a family returns for a model's text, as the simulator plays it: the
 * calls it extracts (arguments as read) and the content it keeps, or the whole text as content.
 */
export type VllmParserReading = { toolsCalled: boolean; calls: NativeCall[]; content: string | null };

export type ModelFamily = {
  name: FamilyName;
  /** Models that write this syntax (what a reader picks the family by). */
  models: readonly string[];
  /** The `--tool-call-parser` name of vLLM's parser for this family (checked against vLLM's docs). */
  vllmToolParser: string;
  /**
   * That parser on a model's text, as `sim --family` plays it (the folder's vllm-parser.ts). Null for
   * FunctionGemma, whose parser the simulator plays in full (lib/sim/vllm-tool-parser.ts).
   */
  vllmParser: ((text: string) => VllmParserReading) | null;
  parsePath: FamilyParsePath;
  /** One call in the family's native syntax, as its model card shows it. */
  callExample: string;
  /** The tokenizer's `bos_token` and `eos_token`, which templates write themselves (empty when it has none). */
  specialTokens: { bos: string; eos: string };
  /** Special tokens that frame a call (or the turn) in this family's vocabulary. */
  controlTokens: readonly string[];
  /** Text that only this family writes around a call: how the family is recognised when none is declared. */
  markers: readonly string[];
  /**
   * Text that only this family's chat template writes: how the embedded engine picks the family of a
   * GGUF whose template it reads (registry.ts's familyOfTemplate). Null when the family's templates
   * write nothing of their own (the model's settings then name the family).
   */
  templateMarker: string | null;
  /**
   * The family's chat template (Jinja), used when the model's own is not at hand. FunctionGemma has
   * none here: its prompt comes from its own renderer (functiongemma/render.ts), checked byte for byte
   * against the model's template and vLLM, which a second copy as Jinja would only drift from.
   */
  chatTemplate: string | null;
  /** Reads the family's calls from a response's text. Never throws. */
  read(text: string): NativeReading;
};
