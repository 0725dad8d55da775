// Asks a vLLM server how it renders a conversation and sets it beside the native rendering:
// `POST /tokenize` with {model, messages, tools} gives the prompt's tokens as the server's chat
// template produced them, `POST /detokenize` with {model, tokens} turns them back into text.
// Ollama and llama.cpp do not offer these routes; the check says so instead of guessing.
import type { ChatMessage, ToolSpec } from '../protocol/messages';
import { countTokensEstimate } from '../families/functiongemma/render';
import { compareRenderings, type RenderComparison } from './render-compare';
import { compareWithTemplate } from './render-compare-template';
import type { TemplateChoice } from '../families/chat-template';
import { requestJson, serverRoot } from './http-json';
import { isRecord } from '../protocol/records';

export type RenderCheckOptions = {
  baseUrl: string;
  model: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
  apiKey?: string;
  timeoutMs?: number;
  /** Compare with this chat template (any family) instead of FunctionGemma's native format. */
  expected?: TemplateChoice;
};

export type RenderCheck =
  | ({
      ok: true;
      model: string;
      /** The server's rendering (its tokens detokenized). */
      server: string;
      serverTokenCount: number;
      /** The native rendering's token count as estimated here (no tokenizer ships with the project). */
      nativeTokenEstimate: number;
      maxModelLen: number | null;
    } & RenderComparison)
  | { ok: false; error: string; native: string };

export async function checkServerRendering(options: RenderCheckOptions): Promise<RenderCheck> {
  const root = serverRoot(options.baseUrl);
  const request = { apiKey: options.apiKey, timeoutMs: options.timeoutMs };
  const compare = (server: string) =>
    options.expected
      ? compareWithTemplate(server, options.messages, options.tools, options.expected)
      : compareRenderings({ server, messages: options.messages, tools: options.tools });
  const nativeOnly = () => compare('').native;

  const tokenized = await requestJson(`${root}/tokenize`, {
    method: 'POST',
    body: {
      model: options.model,
      messages: options.messages,
      tools: options.tools.length > 0 ? options.tools : undefined,
      add_generation_prompt: true,
    },
    ...request,
  });
  if (!tokenized.ok) {
    const hint =
      tokenized.status === 404
        ? ': the server has no /tokenize route (the check needs vLLM; Ollama and llama.cpp do not offer it)'
        : '';
    return { ok: false, error: `${tokenized.error}${hint}`, native: nativeOnly() };
  }
  const body = tokenized.body;
  const tokens =
    isRecord(body) && Array.isArray(body.tokens) && body.tokens.every((token) => Number.isInteger(token))
      ? (body.tokens as number[])
      : null;
  if (!tokens)
    return { ok: false, error: `${root}/tokenize answered without a list of token ids`, native: nativeOnly() };
  const maxModelLen = isRecord(body) && typeof body.max_model_len === 'number' ? body.max_model_len : null;

  const detokenized = await requestJson(`${root}/detokenize`, {
    method: 'POST',
    body: { model: options.model, tokens },
    ...request,
  });
  if (!detokenized.ok) return { ok: false, error: detokenized.error, native: nativeOnly() };
  const prompt = isRecord(detokenized.body) ? detokenized.body.prompt : undefined;
  if (typeof prompt !== 'string')
    return { ok: false, error: `${root}/detokenize answered without a prompt`, native: nativeOnly() };

  const comparison = compare(prompt);
  return {
    ok: true,
    model: options.model,
    server: prompt,
    serverTokenCount: tokens.length,
    nativeTokenEstimate: countTokensEstimate(comparison.native),
    maxModelLen,
    ...comparison,
  };
}
