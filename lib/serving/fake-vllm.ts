// A stand-in for a vLLM server's /tokenize, /detokenize and /v1/models, for the serving tests only.
// Its "tokenizer" is one token per code point, which is all the check needs. It renders a
// conversation either with the model's own template (as lib/families/functiongemma renders it, without the
// function-calling line the template leaves to the system prompt) or the way vLLM's example template
// does, as spec/functiongemma.md describes it: a plain-text "Available functions:" list with JSON
// schemas in a user turn, calls closed by <end_of_turn>, tool results as "Function result for NAME:"
// user turns, no developer role and no <bos>.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage, ToolSpec } from '../protocol/messages';
import { renderPrompt } from '../families/functiongemma/render';
import { normalizeMessages, normalizeTools } from '../families/functiongemma/render-input';
import { parseJson } from '../protocol/json';
import { renderLikeExampleTemplate } from '../families/functiongemma/render-vllm-example';
import { renderChatTemplate } from '../families/chat-template';

function render(template: FakeTemplate, messages: ChatMessage[], tools: ToolSpec[], addGenerationPrompt: boolean) {
  if (template === 'native')
    return renderPrompt({ messages, tools }, { functionCallingLine: 'never', addGenerationPrompt });
  if (template === 'example') return renderLikeExampleTemplate(messages, tools, addGenerationPrompt);
  return renderChatTemplate(template.jinja, { messages, tools, addGenerationPrompt, ...template });
}

/** FunctionGemma's own template, vLLM's example one, or any Jinja chat template (another family's). */
export type FakeTemplate = 'native' | 'example' | { jinja: string; bosToken?: string; eosToken?: string };

export type FakeVllm = {
  url: string;
  origin: string;
  requests: { path: string; body: unknown }[];
  close(): Promise<void>;
};

export async function startFakeVllm(options: {
  template: FakeTemplate;
  model?: string;
  adapters?: string[];
  tokenize?: boolean;
}): Promise<FakeVllm> {
  const model = options.model ?? 'google/functiongemma-270m-it';
  const known = new Set([model, ...(options.adapters ?? [])]);
  const requests: FakeVllm['requests'] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const body = text === '' ? null : (parseJson(text) as { ok: boolean; value?: any }).value;
      const path = request.url ?? '/';
      requests.push({ path, body });
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (path === '/v1/models') {
        return answer(200, {
          object: 'list',
          data: [
            { id: model, object: 'model', owned_by: 'vllm', root: model, parent: null, max_model_len: 32768 },
            ...(options.adapters ?? []).map((name) => ({
              id: name,
              object: 'model',
              owned_by: 'vllm',
              root: `/adapters/${name}`,
              parent: model,
              max_model_len: null,
            })),
          ],
        });
      }
      if (options.tokenize === false || (path !== '/tokenize' && path !== '/detokenize'))
        return answer(404, { detail: 'Not Found' });
      if (!known.has(body?.model))
        return answer(404, {
          error: { message: `The model \`${body?.model}\` does not exist.`, type: 'NotFoundError', code: 404 },
        });
      if (path === '/detokenize') return answer(200, { prompt: String.fromCodePoint(...(body.tokens as number[])) });
      const messages = normalizeMessages(body.messages);
      const tools = normalizeTools(body.tools);
      const addGenerationPrompt = body.add_generation_prompt ?? true;
      const prompt = render(options.template, messages, tools, addGenerationPrompt);
      const tokens = [...prompt].map((character) => character.codePointAt(0) as number);
      answer(200, { count: tokens.length, max_model_len: 32768, tokens, token_strs: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/v1`,
    origin,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
