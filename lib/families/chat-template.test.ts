// Each family's chat template rendered by @huggingface/jinja equals what Python's jinja2 (the engine
// transformers and vLLM render with) wrote for the same conversations: the reference was made once
// by scripts/template-reference.py and committed.
import { describe, expect, it } from 'vitest';
import reference from './fixtures/template-reference.json';
import { ChatTemplateError, renderChatTemplate } from './chat-template';
import { FAMILIES } from './registry';
import type { ChatMessage } from '../protocol/messages';
import { renderExample, TEMPLATE_EXAMPLES } from './testing/template-examples';

const renderings = reference.renderings as Record<string, Record<string, string>>;

describe('family chat templates rendered with @huggingface/jinja', () => {
  const families = Object.values(FAMILIES).filter((family) => family.chatTemplate !== null);

  it('covers every family that ships a template', () => {
    expect(Object.keys(renderings).sort()).toEqual(families.map((family) => family.name).sort());
  });

  for (const family of families) {
    for (const example of TEMPLATE_EXAMPLES) {
      it(`${family.name}: ${example.name} equals jinja2's rendering`, () => {
        expect(renderExample(family, example)).toBe(renderings[family.name][example.name]);
      });
    }
  }

  it("writes each call's arguments as an object, whatever the template does with them", () => {
    const hermes = renderings.hermes['call-result-answer'];
    expect(hermes).toContain('"arguments": {"location": "Paris, France"}');
    expect(renderings.pythonic['two-calls-one-turn']).toContain('set_light(room=kitchen, on=True, level=40)');
  });
});

describe('renderChatTemplate errors', () => {
  const messages: ChatMessage[] = [{ role: 'user', content: 'hi' }];

  it('names a template that does not parse', () => {
    expect(() => renderChatTemplate('{% if %}', { messages, addGenerationPrompt: true })).toThrow(ChatTemplateError);
  });

  it("passes on the template's own raise_exception", () => {
    const template = "{{ raise_exception('tools need a name') }}";
    expect(() => renderChatTemplate(template, { messages, addGenerationPrompt: true })).toThrow(/tools need a name/);
  });

  it('keeps badly written arguments as their text', () => {
    const template =
      '{% for m in messages %}{% for c in m.tool_calls %}{{ c.function.arguments }}{% endfor %}{% endfor %}';
    const call = { id: 'x', type: 'function' as const, function: { name: 'f', arguments: '{"a": ' } };
    const prompt = renderChatTemplate(template, {
      messages: [{ role: 'assistant', content: null, tool_calls: [call] }],
      addGenerationPrompt: false,
    });
    expect(prompt).toBe('{"a": ');
  });
});
