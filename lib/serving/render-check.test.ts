// The rendered-prompt check against a local stand-in for vLLM's /tokenize and /detokenize, over real
// HTTP: one started with the model's own template, one with the example template.
import { afterEach, describe, expect, it } from 'vitest';
import { checkServerRendering } from './render-check';
import { compareRenderings, lineDiff } from './render-compare';
import { agentConversation, exampleConversation } from './render-check-conversation';
import { startFakeVllm, type FakeVllm } from './fake-vllm';
import { EXAMPLE_PROMPT } from '../families/functiongemma/example-exchange';
import { FUNCTION_CALLING_LINE } from '../families/functiongemma/render';
import type { AgentRuntime } from '../runner/types';
import { runCheckRenderCommand } from '../cli/check-render-command';
import { runCli } from '../../test/cli-process';

const servers: FakeVllm[] = [];
async function start(options: Parameters<typeof startFakeVllm>[0]): Promise<FakeVllm> {
  const server = await startFakeVllm(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const limits = { timeoutMs: 1000, maxOutputBytes: 1000 };
const lintAgent: AgentRuntime = {
  name: 'lint',
  maxTurns: 15,
  systemPrompt: 'You fix lint problems. Always respond with a tool call.',
  nodeContext: 'Fix {{ file_path }}:\n{{ node_text }}',
  textAnswerEnds: false,
  settings: {},
  tools: [
    {
      name: 'apply_fix',
      description: 'Fix one issue',
      parameters: {
        type: 'object',
        properties: { issue_code: { type: 'string' }, line_number: { type: 'integer' } },
        required: ['issue_code', 'line_number'],
      },
      script: '/t/apply.ts',
      limits,
    },
    {
      name: 'submit_result',
      description: 'Finish',
      parameters: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] },
      script: null,
      limits,
    },
  ],
};
const codes = (findings: { code: string }[]) => findings.map((finding) => finding.code);

describe('checkServerRendering', () => {
  it("finds a server on the model's own template identical for the weather example, asked the right way", async () => {
    const server = await start({ template: 'native' });
    const check = await checkServerRendering({
      baseUrl: server.url,
      model: 'google/functiongemma-270m-it',
      ...exampleConversation(),
    });
    if (!check.ok) throw new Error(check.error);
    expect(check.identical).toBe(true);
    expect(check.server).toBe(`${EXAMPLE_PROMPT}<start_of_turn>model\n`);
    expect(codes(check.findings)).toEqual(['identical']);
    expect(check.serverTokenCount).toBe([...check.server].length);
    expect(check.maxModelLen).toBe(32768);
    // /tokenize and /detokenize at the server's root, not under /v1.
    expect(server.requests.map((request) => request.path)).toEqual(['/tokenize', '/detokenize']);
    expect(server.requests[0].body).toMatchObject({
      model: 'google/functiongemma-270m-it',
      add_generation_prompt: true,
      tools: [{ type: 'function' }],
    });
    expect((server.requests[1].body as { tokens: number[] }).tokens).toHaveLength(check.serverTokenCount);
  });

  it("says the native template lacks only the function-calling line when the agent's prompt lacks it", async () => {
    const server = await start({ template: 'native' });
    const check = await checkServerRendering({
      baseUrl: server.url,
      model: 'google/functiongemma-270m-it',
      ...agentConversation(lintAgent, { node_text: 'x = 1', file_path: 'a.py' }),
    });
    if (!check.ok) throw new Error(check.error);
    expect(check.identical).toBe(false);
    expect(codes(check.findings)).toEqual(['missing-function-calling-line', 'identical-to-template']);
    expect(check.findings[0].severity).toBe('warning');
    expect(check.diff.filter((line) => line.kind === 'native').map((line) => line.text)).toEqual([
      '',
      FUNCTION_CALLING_LINE,
    ]);
  });

  it('names what the example template does differently, in plain words, with a line diff', async () => {
    const server = await start({ template: 'example' });
    const check = await checkServerRendering({
      baseUrl: server.url,
      model: 'google/functiongemma-270m-it',
      ...agentConversation(lintAgent, { node_text: 'x = 1', file_path: 'a.py' }),
    });
    if (!check.ok) throw new Error(check.error);
    expect(codes(check.findings)).toEqual(
      expect.arrayContaining([
        'example-template',
        'no-developer-turn',
        'tool-results-as-user',
        'call-turn-closed',
        'calls-differ',
        'missing-function-calling-line',
        'bos',
      ]),
    );
    expect(check.findings.find((finding) => finding.code === 'example-template')?.message).toContain(
      'this server renders tools as a plain-text list ("Available functions:" with JSON schemas) inside a user turn: ' +
        'it was started with the example template',
    );
    expect(check.findings.find((finding) => finding.code === 'no-developer-turn')?.message).toContain(
      'the system prompt is written as a user turn',
    );
    expect(check.findings.find((finding) => finding.code === 'tool-results-as-user')?.message).toContain(
      'tool results rendered as user turns',
    );
    expect(check.findings.findIndex((finding) => finding.severity !== 'problem')).toBeGreaterThan(
      check.findings.findLastIndex((finding) => finding.severity === 'problem'),
    );
    expect(check.diff).toContainEqual({ kind: 'server', text: 'Available functions:' });
    expect(check.diff).toContainEqual({ kind: 'native', text: '<start_of_turn>developer' });
    expect(
      check.diff.some((line) => line.kind === 'server' && line.text.startsWith('Function result for apply_fix: ')),
    ).toBe(true);
  });

  it('explains a server without /tokenize and an unknown model, and still gives the native rendering', async () => {
    const noRoute = await start({ template: 'native', tokenize: false });
    const missing = await checkServerRendering({
      baseUrl: noRoute.url,
      model: 'google/functiongemma-270m-it',
      ...exampleConversation(),
    });
    expect(missing).toMatchObject({ ok: false, error: expect.stringContaining('the server has no /tokenize route') });
    expect(!missing.ok && missing.native.startsWith('<bos><start_of_turn>developer')).toBe(true);
    const server = await start({ template: 'native' });
    const unknown = await checkServerRendering({ baseUrl: server.url, model: 'lint-lora', ...exampleConversation() });
    expect(unknown).toMatchObject({
      ok: false,
      error: expect.stringContaining('The model `lint-lora` does not exist.'),
    });
  });
});

describe('compareRenderings', () => {
  it('notices lower-case types, a missing generation prompt and white-space-only differences', () => {
    const { messages, tools } = exampleConversation();
    const native = compareRenderings({ server: '', messages, tools }).native;
    expect(
      codes(
        compareRenderings({
          server: native.replace('type:<escape>STRING<escape>', 'type:<escape>string<escape>'),
          messages,
          tools,
        }).findings,
      ),
    ).toContain('lower-case-types');
    expect(
      codes(compareRenderings({ server: native.replace(/<start_of_turn>model\n$/, ''), messages, tools }).findings),
    ).toContain('generation-prompt');
    expect(
      codes(
        compareRenderings({
          server: native.replace('<end_of_turn>\n<start_of_turn>user\n', '<end_of_turn><start_of_turn>user\n'),
          messages,
          tools,
        }).findings,
      ),
    ).toEqual(['whitespace-only']);
  });

  it('diffs in lines broken before turns, declarations, calls and responses', () => {
    expect(lineDiff('a<start_function_call>x', 'a<start_function_call>y')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'native', text: '<start_function_call>x' },
      { kind: 'server', text: '<start_function_call>y' },
    ]);
  });
});

describe('remora check-render', () => {
  it('prints the findings, both renderings and the diff, and exits 1 when the server renders it wrongly', async () => {
    const server = await start({ template: 'example' });
    const output = await runCheckRenderCommand({
      baseUrl: server.url,
      model: 'google/functiongemma-270m-it',
      agentsDir: 'agents',
      json: false,
    });
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toContain('[problem] this server renders tools as a plain-text list');
    expect(output.stdout).toContain('=== the server renders ===');
    expect(output.stdout).toContain('=== the native format ===');
    expect(output.stdout).toContain('+ Available functions:');
    expect(output.stdout).toContain('- <start_of_turn>developer');
  });

  it('runs as a command for an agent folder, and exits 0 against the native template', async () => {
    const server = await start({ template: 'native' });
    const run = await runCli([
      'check-render',
      '--base-url',
      server.url,
      '--model',
      'google/functiongemma-270m-it',
      '--agent',
      'lint',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.ok).toBe(true);
    expect(result.findings.every((finding: { severity: string }) => finding.severity !== 'problem')).toBe(true);
    // The agent's request, then one call of its tool and the result, as its second request would be.
    const sent = server.requests[0].body as { messages: { role: string }[]; tools: unknown[] };
    expect(sent.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(sent.tools.length).toBeGreaterThan(1);
  });
});
