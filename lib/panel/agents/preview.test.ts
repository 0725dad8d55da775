import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentByName } from '../../db/queries/agents';
import { InputError } from '../../errors';
import { countTokensEstimate, renderPrompt } from '../../families/functiongemma/render';
import { storedPrompt } from './editing';
import { previewPrompt } from './preview';
import { loadRunnableAgent } from './agents';
import { toolSpecs } from '../../runner/prompt';
import { FAMILIES } from '../../families/registry';
import { controlTokenPattern, splitControlTokens } from './prompt-segments';
import { PreviewRequest } from './requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
beforeAll(async () => {
  panel = await openTestPanel({ agents: ['harness', 'smart_home'] });
});
afterAll(async () => {
  await panel?.dispose();
});

const joined = (segments: { text: string }[]) => segments.map((segment) => segment.text).join('');

describe('splitControlTokens', () => {
  it('cuts out every control token and keeps the text between them', () => {
    expect(splitControlTokens('<bos><start_of_turn>user\nhi <b>x</b><end_of_turn>\n')).toEqual([
      { kind: 'control', text: '<bos>' },
      { kind: 'control', text: '<start_of_turn>' },
      { kind: 'text', text: 'user\nhi <b>x</b>' },
      { kind: 'control', text: '<end_of_turn>' },
      { kind: 'text', text: '\n' },
    ]);
    expect(splitControlTokens('')).toEqual([]);
    expect(splitControlTokens('<escape>a<escape>')).toEqual([
      { kind: 'control', text: '<escape>' },
      { kind: 'text', text: 'a' },
      { kind: 'control', text: '<escape>' },
    ]);
  });
});

describe('controlTokenPattern', () => {
  it("cuts another family's prompt at its own tokens, with a pattern built once per family", () => {
    expect(controlTokenPattern(FAMILIES.hermes)).toBe(controlTokenPattern(FAMILIES.hermes));
    expect(controlTokenPattern(FAMILIES.granite)).not.toBe(controlTokenPattern(FAMILIES.hermes));
    expect(splitControlTokens('<|im_start|>user\n<tool_call>x<|im_end|>', FAMILIES.hermes)).toEqual([
      { kind: 'control', text: '<|im_start|>' },
      { kind: 'text', text: 'user\n' },
      { kind: 'control', text: '<tool_call>' },
      { kind: 'text', text: 'x' },
      { kind: 'control', text: '<|im_end|>' },
    ]);
    // Longest first: granite's <|tool_call|> is one token, not a shorter one inside it.
    expect(splitControlTokens('<|tool_call|>[]', FAMILIES.granite)[0]).toEqual({
      kind: 'control',
      text: '<|tool_call|>',
    });
  });
});

describe('previewPrompt', () => {
  it('renders the draft with the agent’s tools for one of its inputs, as the runner would send it', async () => {
    const prompt = storedPrompt(getAgentByName(panel.database, 'harness')!.definition);
    const draft = {
      systemPrompt: 'Edited prompt. Always respond with a tool call.',
      nodeContext: 'Do: {{ node_text }} ({{ node_name }})',
    };
    const preview = await previewPrompt(panel, 'harness', PreviewRequest.parse({ ...draft, inputIndex: 0 }));
    const text = joined(preview.segments);
    expect(text.startsWith('<bos><start_of_turn>developer\nEdited prompt. Always respond with a tool call.')).toBe(
      true,
    );
    expect(text).toContain('<start_function_declaration>declaration:simple_tool{');
    expect(text).toContain('<start_function_declaration>declaration:submit_result{');
    expect(text.endsWith('<start_of_turn>model\n')).toBe(true);
    expect(preview.messages[1].role).toBe('user');
    expect(preview.messages[1].content).toMatch(/^Do: /);
    // The same text the renderer gives for the runner's messages and the agent's tools.
    const { runtime } = await loadRunnableAgent(panel, 'harness');
    expect(text).toBe(renderPrompt({ messages: preview.messages, tools: toolSpecs(runtime.tools) }));
    expect(preview.tokenEstimate).toBe(countTokensEstimate(text));
    expect(preview.toolsSent).toBe(2);
    expect(preview.input).toEqual({ source: 'agent', index: 0 });
    expect(preview.segments.some((segment) => segment.kind === 'control' && segment.text === '<start_of_turn>')).toBe(
      true,
    );
    // Nothing was stored.
    expect(storedPrompt(getAgentByName(panel.database, 'harness')!.definition)).toEqual(prompt);
  });

  it('takes a typed input, and with schemas in the prompt sends no tools', async () => {
    const prompt = storedPrompt(getAgentByName(panel.database, 'harness')!.definition);
    const preview = await previewPrompt(
      panel,
      'harness',
      PreviewRequest.parse({
        ...prompt,
        input: { node_text: '<script>alert(1)</script>' },
        toolPresentation: 'system-prompt',
      }),
    );
    const text = joined(preview.segments);
    expect(preview.input).toEqual({ source: 'typed' });
    expect(preview.toolsSent).toBe(0);
    expect(text).not.toContain('<start_function_declaration>');
    expect(text).toContain('You have access to the following tools:');
    expect(text).toContain('<script>alert(1)</script>');
  });

  it('refuses an input index the agent does not have', async () => {
    const prompt = storedPrompt(getAgentByName(panel.database, 'harness')!.definition);
    await expect(
      previewPrompt(panel, 'harness', PreviewRequest.parse({ ...prompt, inputIndex: 10_000 })),
    ).rejects.toBeInstanceOf(InputError);
    expect(PreviewRequest.safeParse({ ...prompt, inputIndex: 0, input: { node_text: 'x' } }).success).toBe(false);
  });
});
