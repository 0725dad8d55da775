// A model A/B from the command line: two variants on two servers that speak two model families.
// One (FunctionGemma behind vLLM's parser) answers with structured tool_calls; the other (Qwen on
// a server without a tool parser) writes its Hermes calls as raw text. Every call must be recovered,
// the text path named by its family, the summary name each variant's model and family, and the
// verdict pair the variants by input.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-process';

type Message = { role: string; content?: string; tool_calls?: unknown[] };
type Answer = (call: { name: string; arguments: Record<string, unknown> }, model: string) => Record<string, unknown>;

/** The call the harness agent wants next: simple_tool with the request, then submit_result. */
function nextCall(messages: Message[]): { name: string; arguments: Record<string, unknown> } {
  if (messages.some((message) => message.role === 'tool'))
    return { name: 'submit_result', arguments: { summary: 'echoed', changed_files: [] } };
  const request = messages.find((message) => message.role === 'user')?.content ?? '';
  return { name: 'simple_tool', arguments: { payload: request.replace(/^Request:\s*/, '').trim() } };
}

const servers: Server[] = [];
const seenModels: Record<string, string[]> = { structured: [], text: [] };

async function serve(kind: 'structured' | 'text', answer: Answer): Promise<string> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (!request.url?.endsWith('/chat/completions')) {
        response.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as { model: string; messages: Message[] };
      seenModels[kind].push(parsed.model);
      const message = answer(nextCall(parsed.messages), parsed.model);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          model: parsed.model,
          choices: [{ index: 0, message, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const folder = mkdtempSync(path.join(tmpdir(), 'remora-model-ab-'));
let gemmaUrl = '';
let qwenUrl = '';

beforeAll(async () => {
  let id = 0;
  gemmaUrl = await serve('structured', (call) => ({
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: `call_${++id}`,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      },
    ],
  }));
  qwenUrl = await serve('text', (call) => ({
    role: 'assistant',
    content: `<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.arguments })}\n</tool_call>`,
  }));
  writeFileSync(path.join(folder, 'prompt.txt'), 'Always respond with a tool call.');
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(folder, { recursive: true, force: true });
});

describe('a model A/B', () => {
  it('recovers every call of both families, names the text path by family, pairs the verdict by input', async () => {
    const prompt = path.join(folder, 'prompt.txt');
    const run = await runCli([
      'harness',
      '--agent',
      'harness',
      '--base-url',
      gemmaUrl,
      '--model',
      'google/functiongemma-270m-it',
      '--variant',
      `gemma=${prompt}`,
      '--variant',
      `qwen=${prompt}`,
      '--variant-family',
      'gemma=functiongemma',
      '--variant-endpoint',
      `qwen=${qwenUrl}`,
      '--variant-model',
      'qwen=Qwen3-0.6B',
      '--variant-family',
      'qwen=hermes',
      '--requests-per-variant',
      '6',
      '--concurrency',
      '2',
      '--db',
      path.join(folder, 'ab.db'),
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout);
    const [gemma, qwen] = summary.variants;

    // Each variant went to its own server and named its own model.
    expect(new Set(seenModels.structured)).toEqual(new Set(['google/functiongemma-270m-it']));
    expect(new Set(seenModels.text)).toEqual(new Set(['Qwen3-0.6B']));
    expect(gemma).toMatchObject({ name: 'gemma', model: 'google/functiongemma-270m-it', family: 'functiongemma' });
    expect(qwen).toMatchObject({ name: 'qwen', model: 'Qwen3-0.6B', family: 'hermes' });

    // Every call recovered: two responses per conversation, each a valid call, every conversation submitted.
    expect(gemma.parsePaths).toEqual({ tool_calls: 12 });
    expect(qwen.parsePaths).toEqual({ hermes_tool_call: 12 });
    for (const variant of [gemma, qwen]) {
      expect(variant.validCallRate.value).toBe(1);
      expect(variant.completionRate.value).toBe(1);
      expect(variant.outcomes).toEqual({ submitted: 6 });
    }

    // The same verdicts, the variants paired by input: no detectable difference between equal models.
    const completion = summary.comparisons.find(
      (comparison: { metric: string }) => comparison.metric === 'completionRate',
    );
    expect(completion).toMatchObject({ a: 'gemma', b: 'qwen', paired: true, difference: 0, detectable: false });
  });

  it('refuses a variant flag naming no variant, and an unknown family, in one line', async () => {
    const base = ['harness', '--agent', 'harness', '--base-url', gemmaUrl, '--model', 'm', '--json'];
    const noVariant = await runCli([...base, '--variant-model', 'other=Qwen3-0.6B']);
    expect(noVariant.code).toBe(2);
    expect(noVariant.stderr).toContain('--variant-model names the variant "other", which is not one of: baseline');
    const unknown = await runCli([...base, '--variant-family', 'baseline=gpt']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--variant-family baseline: unknown family "gpt" (known: functiongemma, hermes');
  });
});
