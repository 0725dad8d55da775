// Reads a model's own chat template from where models keep it: a GGUF's `tokenizer.chat_template`
// (with its bos/eos tokens), a Hugging Face `tokenizer_config.json` (its `chat_template`, a string
// or a list of named templates, of which the `tool_use` one is taken when present), or a plain
// Jinja file. The template is untrusted text: it is only ever rendered by the Jinja engine, which
// runs no code of the host.
import { readFile } from 'node:fs/promises';
import { ConfigurationError, errorMessage } from '../errors';
import { parseJson } from '../protocol/json';
import { isRecord } from '../protocol/records';

export type ChatTemplateSource = {
  template: string;
  bosToken?: string;
  eosToken?: string;
  /** Where it came from, for messages: "model.gguf (tokenizer.chat_template)". */
  source: string;
};

function tokenText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // Newer tokenizer_config.json files write special tokens as {"content": "<s>", ...}.
  if (isRecord(value) && typeof value.content === 'string') return value.content;
  return undefined;
}

function fromTokenizerConfig(file: string, text: string): ChatTemplateSource {
  const parsed = parseJson(text);
  if (!parsed.ok || !isRecord(parsed.value)) throw new ConfigurationError(`${file} is not a JSON object`);
  const config = parsed.value;
  let template: unknown = config.chat_template;
  let which = 'chat_template';
  if (Array.isArray(template)) {
    const named = template.filter(isRecord);
    const chosen = named.find((entry) => entry.name === 'tool_use') ?? named.find((entry) => entry.name === 'default');
    template = chosen?.template;
    which = `chat_template "${String(chosen?.name)}"`;
  }
  if (typeof template !== 'string' || template.trim() === '')
    throw new ConfigurationError(`${file} holds no chat_template`);
  return {
    template,
    bosToken: tokenText(config.bos_token),
    eosToken: tokenText(config.eos_token),
    source: `${file} (${which})`,
  };
}

async function fromGguf(file: string): Promise<ChatTemplateSource> {
  let metadata: Record<string, unknown>;
  try {
    // Loaded here: node-llama-cpp is heavy, and only a GGUF needs it.
    const { readGgufFileInfo } = await import('node-llama-cpp');
    const info = await readGgufFileInfo(file, { sourceType: 'filesystem', logWarnings: false, readTensorInfo: false });
    metadata = info.metadata as unknown as Record<string, unknown>;
  } catch (error) {
    throw new ConfigurationError(`cannot read the GGUF ${file}: ${errorMessage(error)}`, [], { cause: error });
  }
  const tokenizer = isRecord(metadata.tokenizer) ? metadata.tokenizer : {};
  const template = tokenizer.chat_template;
  if (typeof template !== 'string' || template.trim() === '')
    throw new ConfigurationError(`the GGUF ${file} holds no tokenizer.chat_template`);
  const ggml = isRecord(tokenizer.ggml) ? tokenizer.ggml : {};
  const tokens = Array.isArray(ggml.tokens) ? ggml.tokens : [];
  const token = (id: unknown) => (typeof id === 'number' && typeof tokens[id] === 'string' ? tokens[id] : undefined);
  return {
    template,
    bosToken: token(ggml.bos_token_id),
    eosToken: token(ggml.eos_token_id),
    source: `${file} (tokenizer.chat_template)`,
  };
}

/**
 * The chat template in `file` (.gguf, tokenizer_config.json, or any other name as Jinja text);
 * ConfigurationError when it holds none.
 */
export async function readChatTemplateFile(file: string): Promise<ChatTemplateSource> {
  if (file.endsWith('.gguf')) return fromGguf(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`cannot read the chat template ${file}: ${errorMessage(error)}`, [], { cause: error });
  }
  if (file.endsWith('.json')) return fromTokenizerConfig(file, text);
  if (text.trim() === '') throw new ConfigurationError(`the chat template ${file} is empty`);
  return { template: text, source: file };
}
