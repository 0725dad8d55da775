// Writes a tiny llama-architecture GGUF model with seeded random weights, so that the embedded
// engine can be tested with the real llama.cpp binding without downloading anything.
//
// The vocabulary is a SentencePiece-style ("llama" tokenizer) one that can spell any text: the
// FunctionGemma control tokens as single control tokens, printable ASCII characters, "\n", "\t",
// "▁" (SentencePiece's space), and the 256 byte tokens `<0x00>`..`<0xFF>` as the fallback for
// everything else. Gemma's ids are kept for the first four tokens (pad 0, eos 1, bos 2, unk 3).
//
// Two kinds of weights:
// - random (default): a real little transformer with random weights. `tokenPriors` adds a fixed
//   amount to chosen tokens' logits (through one hidden dimension that every token embedding sets
//   and no layer writes), as a trained model prefers some tokens.
// - scripted (`transitions`): every layer writes nothing, so the last hidden state is the current
//   token's embedding (one-hot) and the next token depends on the current token alone. Greedy
//   decoding then follows the given transitions exactly, which lets tests make the model write
//   chosen text and stop tokens.
import { gguf, writeGgufFile, type GgufTensor, type GgufValue } from './writer';
import { FUNCTION_GEMMA_CONTROL_TOKENS } from '../../protocol/functiongemma-tokens';

/** SentencePiece token types as llama.cpp reads them. */
const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;
const SPACE_MARK = '\u2581';

export type TinyModelOptions = {
  seed?: number;
  embeddingLength?: number;
  blockCount?: number;
  headCount?: number;
  headCountKv?: number;
  feedForwardLength?: number;
  contextLength?: number;
  /** More normal tokens (any text, e.g. "call:" or a tool name) the model can write as one token. */
  extraTokens?: string[];
  /** Logit offsets per token text (random weights only), e.g. {"<escape>": 4}. */
  tokenPriors?: Record<string, number>;
  /** Scripted weights: after the token with text KEY, the model writes the token with text VALUE. */
  transitions?: Record<string, string>;
  name?: string;
  /**
   * Another family's model: its control tokens in place of FunctionGemma's, its chat template in
   * `tokenizer.chat_template`, and its end-of-turn token as the EOS (default: FunctionGemma's).
   */
  family?: { controlTokens: readonly string[]; chatTemplate: string; eosToken: string };
};

export type TinyVocabulary = { tokens: string[]; types: number[]; idOf(text: string): number };

export function tinyVocabulary(
  extraTokens: string[] = [],
  controlTokens: readonly string[] = FUNCTION_GEMMA_CONTROL_TOKENS,
): TinyVocabulary {
  const tokens: string[] = ['<pad>', '<eos>', '<bos>', '<unk>'];
  const types: number[] = [TOKEN_TYPE.control, TOKEN_TYPE.control, TOKEN_TYPE.control, TOKEN_TYPE.unknown];
  for (const control of controlTokens) {
    if (tokens.includes(control)) continue;
    tokens.push(control);
    types.push(TOKEN_TYPE.control);
  }
  for (let byte = 0; byte < 256; byte += 1) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_TYPE.byte);
  }
  const characters = ['\n', '\t', SPACE_MARK];
  for (let code = 0x21; code <= 0x7e; code += 1) characters.push(String.fromCharCode(code));
  for (const text of [...characters, ...extraTokens]) {
    // SentencePiece writes spaces as "▁" in its pieces.
    const piece = text.replaceAll(' ', SPACE_MARK);
    if (tokens.includes(piece)) continue;
    tokens.push(piece);
    types.push(TOKEN_TYPE.normal);
  }
  const ids = new Map(tokens.map((text, index) => [text, index]));
  return {
    tokens,
    types,
    idOf(text: string) {
      const id = ids.get(text.replaceAll(' ', SPACE_MARK));
      if (id === undefined) throw new Error(`the tiny vocabulary has no token "${text}"`);
      return id;
    },
  };
}

/** mulberry32 with Box-Muller: reproducible normal samples from a seed. */
function normalSampler(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return () => {
    const first = Math.max(uniform(), 1e-12);
    return Math.sqrt(-2 * Math.log(first)) * Math.cos(2 * Math.PI * uniform());
  };
}

function filled(length: number, value: (index: number) => number): Float32Array {
  const data = new Float32Array(length);
  for (let index = 0; index < length; index += 1) data[index] = value(index);
  return data;
}

type Shape = { embedding: number; blocks: number; heads: number; headsKv: number; feedForward: number };

/** Tensors of one block; `silent` zeroes the output projections so that the block adds nothing. */
function blockTensors(
  block: number,
  shape: Shape,
  random: () => number,
  silent: boolean,
  keepChannelZero: boolean,
): GgufTensor[] {
  const { embedding, heads, headsKv, feedForward } = shape;
  const headDimension = embedding / heads;
  const kvWidth = headDimension * headsKv;
  const scaled = (fanIn: number) => () => random() / Math.sqrt(fanIn);
  const output = (inputs: number, outputs: number): Float32Array => {
    if (silent) return new Float32Array(inputs * outputs);
    // Small output projections keep the residual stream close to the token embedding, so that the
    // logit offsets of tokenPriors stay close to what was asked.
    const values = () => (random() / Math.sqrt(inputs)) * OUTPUT_PROJECTION_SCALE;
    // Row `o` (output dimension o) is stored at [o * inputs, (o + 1) * inputs).
    return filled(inputs * outputs, (index) => (keepChannelZero && index < inputs ? 0 : values()));
  };
  const prefix = `blk.${block}`;
  return [
    { name: `${prefix}.attn_norm.weight`, dimensions: [embedding], data: filled(embedding, () => 1) },
    {
      name: `${prefix}.attn_q.weight`,
      dimensions: [embedding, embedding],
      data: filled(embedding * embedding, scaled(embedding)),
    },
    {
      name: `${prefix}.attn_k.weight`,
      dimensions: [embedding, kvWidth],
      data: filled(embedding * kvWidth, scaled(embedding)),
    },
    {
      name: `${prefix}.attn_v.weight`,
      dimensions: [embedding, kvWidth],
      data: filled(embedding * kvWidth, scaled(embedding)),
    },
    { name: `${prefix}.attn_output.weight`, dimensions: [embedding, embedding], data: output(embedding, embedding) },
    { name: `${prefix}.ffn_norm.weight`, dimensions: [embedding], data: filled(embedding, () => 1) },
    {
      name: `${prefix}.ffn_gate.weight`,
      dimensions: [embedding, feedForward],
      data: filled(embedding * feedForward, scaled(embedding)),
    },
    {
      name: `${prefix}.ffn_up.weight`,
      dimensions: [embedding, feedForward],
      data: filled(embedding * feedForward, scaled(embedding)),
    },
    { name: `${prefix}.ffn_down.weight`, dimensions: [feedForward, embedding], data: output(feedForward, embedding) },
  ];
}

const PRIOR_CHANNEL_VALUE = 4;
const OUTPUT_PROJECTION_SCALE = 0.2;

function randomWeights(
  vocabulary: TinyVocabulary,
  shape: Shape,
  random: () => number,
  priors: Record<string, number>,
): GgufTensor[] {
  const { embedding } = shape;
  const size = vocabulary.tokens.length;
  const usesPriors = Object.keys(priors).length > 0;
  // Channel 0 of every embedding holds a constant that no layer changes; after the final norm it is
  // about PRIOR_CHANNEL_VALUE / rms, so its output weight acts as a per-token logit offset.
  const tokenEmbedding = filled(size * embedding, (index) =>
    usesPriors && index % embedding === 0 ? PRIOR_CHANNEL_VALUE : random(),
  );
  const outputScale = 1 / Math.sqrt(embedding);
  const output = filled(size * embedding, (index) =>
    usesPriors && index % embedding === 0 ? 0 : random() * outputScale * 4,
  );
  if (usesPriors) {
    const normalizedChannel = PRIOR_CHANNEL_VALUE / Math.sqrt((PRIOR_CHANNEL_VALUE ** 2 + embedding - 1) / embedding);
    for (const [text, offset] of Object.entries(priors))
      output[vocabulary.idOf(text) * embedding] = offset / normalizedChannel;
  }
  const tensors: GgufTensor[] = [{ name: 'token_embd.weight', dimensions: [embedding, size], data: tokenEmbedding }];
  for (let block = 0; block < shape.blocks; block += 1)
    tensors.push(...blockTensors(block, shape, random, false, usesPriors));
  tensors.push({ name: 'output_norm.weight', dimensions: [embedding], data: filled(embedding, () => 1) });
  tensors.push({ name: 'output.weight', dimensions: [embedding, size], data: output });
  return tensors;
}

function scriptedWeights(
  vocabulary: TinyVocabulary,
  shape: Shape,
  random: () => number,
  transitions: Record<string, string>,
): GgufTensor[] {
  const { embedding } = shape;
  const size = vocabulary.tokens.length;
  const tokenEmbedding = new Float32Array(size * embedding);
  for (let token = 0; token < size; token += 1) tokenEmbedding[token * embedding + token] = 1;
  // A little noise decides what follows unscripted tokens; a scripted one wins by a wide margin.
  const output = filled(size * embedding, () => random() * 0.01);
  for (const [from, to] of Object.entries(transitions))
    output[vocabulary.idOf(to) * embedding + vocabulary.idOf(from)] = 1;
  const tensors: GgufTensor[] = [{ name: 'token_embd.weight', dimensions: [embedding, size], data: tokenEmbedding }];
  for (let block = 0; block < shape.blocks; block += 1)
    tensors.push(...blockTensors(block, shape, random, true, false));
  tensors.push({ name: 'output_norm.weight', dimensions: [embedding], data: filled(embedding, () => 1) });
  tensors.push({ name: 'output.weight', dimensions: [embedding, size], data: output });
  return tensors;
}

function roundUp(value: number, multiple: number): number {
  return Math.ceil(value / multiple) * multiple;
}

export type TinyModelInfo = { path: string; bytes: number; vocabulary: TinyVocabulary; embeddingLength: number };

/** Writes the tiny model to `path`. Same options, same file. */
export async function writeTinyModel(path: string, options: TinyModelOptions = {}): Promise<TinyModelInfo> {
  const transitions = options.transitions;
  const extraTokens = [...(options.extraTokens ?? [])];
  if (transitions) for (const [from, to] of Object.entries(transitions)) extraTokens.push(from, to);
  const controlTokens = options.family?.controlTokens ?? FUNCTION_GEMMA_CONTROL_TOKENS;
  const vocabulary = tinyVocabulary(
    extraTokens.filter((text) => !controlTokens.includes(text as never)),
    controlTokens,
  );
  const heads = options.headCount ?? 4;
  // The scripted model needs a dimension per token for its one-hot embeddings.
  const embedding = transitions
    ? roundUp(Math.max(vocabulary.tokens.length, options.embeddingLength ?? 0), heads * 16)
    : (options.embeddingLength ?? 64);
  const shape: Shape = {
    embedding,
    blocks: options.blockCount ?? 2,
    heads,
    headsKv: options.headCountKv ?? 2,
    feedForward: options.feedForwardLength ?? 128,
  };
  if (embedding % heads !== 0 || heads % shape.headsKv !== 0)
    throw new Error('the embedding length must divide into heads, and heads into kv heads');
  const random = normalSampler(options.seed ?? 1);
  const tensors = transitions
    ? scriptedWeights(vocabulary, shape, random, transitions)
    : randomWeights(vocabulary, shape, random, options.tokenPriors ?? {});

  const metadata: Record<string, GgufValue> = {
    'general.architecture': gguf.string('llama'),
    'general.name': gguf.string(options.name ?? (transitions ? 'remora-tiny-scripted' : 'remora-tiny-random')),
    'general.file_type': gguf.uint32(0),
    'llama.context_length': gguf.uint32(options.contextLength ?? 4096),
    'llama.embedding_length': gguf.uint32(shape.embedding),
    'llama.block_count': gguf.uint32(shape.blocks),
    'llama.feed_forward_length': gguf.uint32(shape.feedForward),
    'llama.attention.head_count': gguf.uint32(shape.heads),
    'llama.attention.head_count_kv': gguf.uint32(shape.headsKv),
    'llama.rope.dimension_count': gguf.uint32(shape.embedding / shape.heads),
    'llama.attention.layer_norm_rms_epsilon': gguf.float32(1e-6),
    'llama.vocab_size': gguf.uint32(vocabulary.tokens.length),
    'tokenizer.ggml.model': gguf.string('llama'),
    'tokenizer.ggml.tokens': gguf.strings(vocabulary.tokens),
    'tokenizer.ggml.scores': gguf.numbers('float32', new Float32Array(vocabulary.tokens.length)),
    'tokenizer.ggml.token_type': gguf.numbers('int32', vocabulary.types),
    'tokenizer.ggml.bos_token_id': gguf.uint32(2),
    'tokenizer.ggml.eos_token_id': gguf.uint32(options.family ? vocabulary.idOf(options.family.eosToken) : 1),
    'tokenizer.ggml.unknown_token_id': gguf.uint32(3),
    'tokenizer.ggml.padding_token_id': gguf.uint32(0),
    // The prompt is rendered with its own <bos>, as FunctionGemma's template writes it.
    'tokenizer.ggml.add_bos_token': gguf.bool(false),
    'tokenizer.ggml.add_eos_token': gguf.bool(false),
    'tokenizer.ggml.add_space_prefix': gguf.bool(false),
  };
  if (options.family) metadata['tokenizer.chat_template'] = gguf.string(options.family.chatTemplate);
  const bytes = await writeGgufFile(path, { metadata, tensors });
  return { path, bytes, vocabulary, embeddingLength: shape.embedding };
}
