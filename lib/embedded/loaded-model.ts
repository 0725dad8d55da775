// A model as the registry loads it, before the family's chat format is built on it: what the
// formats (chat-format.ts) and generation read. The registry's LoadedModel adds the format, built
// once at load; this type stays apart so that the formats can read the model without importing
// the registry that builds them.
import type { LlamaContext, LlamaGrammar, LlamaModel, Token } from 'node-llama-cpp';
import type { ModelFamily } from '../families/family';
import type { EngineSettings } from './settings';
import type { SequencePool } from './sequence-pool';

/** The FunctionGemma control tokens the engine needs, by id (null when the vocabulary lacks one as a single token). */
export type ControlTokenIds = {
  startFunctionCall: Token | null;
  endFunctionCall: Token | null;
  startFunctionResponse: Token | null;
  endOfTurn: Token | null;
  escape: Token | null;
  bos: Token | null;
};

export type LoadedModelBase = {
  path: string;
  /** The file name without `.gguf`: what `/v1/models` lists. */
  name: string;
  model: LlamaModel;
  context: LlamaContext;
  pool: SequencePool;
  contextSize: number;
  settings: EngineSettings;
  controlTokens: ControlTokenIds;
  /** Why constrained decoding or native stopping cannot work with this vocabulary (empty for FunctionGemma). */
  warnings: string[];
  /** Grammars already parsed, by their text (the same tools come back every turn). */
  grammars: Map<string, Promise<LlamaGrammar>>;
  createGrammar(text: string): Promise<LlamaGrammar>;
  /** The family whose format the engine speaks with this model, and the GGUF's own chat template. */
  family: ModelFamily;
  chatTemplate: string | null;
  /** GBNF text for a JSON value of this schema (node-llama-cpp's converter), its start rule `root`. */
  jsonSchemaGrammarText(schema: object): Promise<string>;
};

/** The single token this text is in the model's vocabulary, or null when it takes several. */
export function singleToken(model: LlamaModel, text: string): Token | null {
  const tokens = model.tokenize(text, true);
  return tokens.length === 1 ? tokens[0] : null;
}
