// `remora render --family NAME` and `--chat-template FILE`: the prompt from a family's template, or
// from the model's own as a GGUF, a tokenizer_config.json or a Jinja file holds it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRenderCommandWithTemplate } from './render-command';
import examples from '../families/fixtures/template-examples.json';
import reference from '../families/fixtures/template-reference.json';
import { gguf, writeGgufFile } from '../testing/gguf/writer';

const folder = mkdtempSync(path.join(tmpdir(), 'remora-render-template-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const [question, exchange] = examples.examples;
const stdin = (example: (typeof examples.examples)[number]) =>
  JSON.stringify({
    messages: example.messages,
    tools: example.tools,
    add_generation_prompt: example.add_generation_prompt,
  });

// A small template of the model's own, to tell it from any family's.
const OWN_TEMPLATE =
  '{{ bos_token }}{% for m in messages %}[{{ m.role }}]{{ m.content }}{% if m.tool_calls %}' +
  '{% for c in m.tool_calls %}CALL {{ c.function.name }} {{ c.function.arguments | tojson }}{% endfor %}{% endif %}' +
  "{% endfor %}{% if tools %}TOOLS {{ tools | map(attribute='function') | map(attribute='name') | join(',') }}" +
  '{% endif %}' +
  '{{ eos_token }}';
const OWN_EXPECTED =
  "<|s|>[system]You are a helpful assistant.[user]What's the weather like in Paris today?[assistant]" +
  'CALL get_current_weather {"location": "Paris, France"}[tool]{"temperature": 22, "sky": "sunny"}' +
  '[assistant]It is 22 °C and sunny in Paris.TOOLS get_current_weather<|e|>';

describe('remora render with a chat template', () => {
  it("renders with another family's template (the same text jinja2 writes)", async () => {
    const output = await runRenderCommandWithTemplate(stdin(exchange), { family: 'hermes' });
    expect(output.exitCode).toBe(0);
    expect(output.stdout).toBe(reference.renderings.hermes['call-result-answer']);
    const mistral = await runRenderCommandWithTemplate(stdin(question), { family: 'mistral' });
    expect(mistral.stdout).toBe(reference.renderings.mistral['tools-and-question']);
  });

  it("reads the model's own template from a tokenizer_config.json, special tokens written as objects", async () => {
    const file = path.join(folder, 'tokenizer_config.json');
    writeFileSync(
      file,
      JSON.stringify({
        bos_token: { content: '<|s|>', lstrip: false },
        eos_token: '<|e|>',
        chat_template: [
          { name: 'default', template: 'not this one' },
          { name: 'tool_use', template: OWN_TEMPLATE },
        ],
      }),
    );
    const output = await runRenderCommandWithTemplate(stdin(exchange), { chatTemplate: file, family: 'hermes' });
    expect(output.stderr).not.toContain('remora render:');
    expect(output.stdout).toBe(OWN_EXPECTED);
  });

  it("reads the model's own template and tokens from a GGUF's metadata", async () => {
    const file = path.join(folder, 'tiny.gguf');
    await writeGgufFile(file, {
      metadata: {
        'general.architecture': gguf.string('llama'),
        'tokenizer.ggml.model': gguf.string('gpt2'),
        'tokenizer.ggml.tokens': gguf.strings(['<|s|>', '<|e|>', 'a']),
        'tokenizer.ggml.bos_token_id': gguf.uint32(0),
        'tokenizer.ggml.eos_token_id': gguf.uint32(1),
        'tokenizer.chat_template': gguf.string(OWN_TEMPLATE),
      },
      tensors: [{ name: 'x.weight', dimensions: [1], data: new Float32Array([0]) }],
    });
    const output = await runRenderCommandWithTemplate(stdin(exchange), { chatTemplate: file });
    expect(output.stdout).toBe(OWN_EXPECTED);
  });

  it('gives one clear line for an unknown family, a file without a template, and a template that fails', async () => {
    const unknown = await runRenderCommandWithTemplate(stdin(question), { family: 'gpt-9' });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/^remora render: unknown model family "gpt-9" \(known: functiongemma, hermes/);

    const config = path.join(folder, 'empty_config.json');
    writeFileSync(config, JSON.stringify({ bos_token: '<s>' }));
    const empty = await runRenderCommandWithTemplate(stdin(question), { chatTemplate: config });
    expect(empty.stderr).toBe(`remora render: ${config} holds no chat_template\n`);

    const failing = path.join(folder, 'failing.jinja');
    writeFileSync(failing, "{{ raise_exception('Conversation roles must alternate') }}");
    const failed = await runRenderCommandWithTemplate(stdin(question), { chatTemplate: failing });
    expect(failed.exitCode).toBe(2);
    expect(failed.stderr).toContain('Conversation roles must alternate');
  });
});
