import { describe, expect, it } from 'vitest';
import { FAMILY_NAMES, FAMILY_PARSE_PATHS } from './family';
import { FAMILIES, familyByName, familyOfTemplate, recogniseFamily } from './registry';

// The `--tool-call-parser` names as vLLM's tool-calling docs and parser modules register them.
const VLLM_PARSERS = {
  functiongemma: 'functiongemma',
  hermes: 'hermes',
  'llama3-json': 'llama3_json',
  pythonic: 'pythonic',
  mistral: 'mistral',
  granite: 'granite',
  'phi4-mini': 'phi4_mini_json',
  xlam: 'xlam',
};

describe('the family registry', () => {
  it('holds every family under its own name, with its vLLM parser and its own parse path', () => {
    expect(Object.keys(FAMILIES)).toEqual([...FAMILY_NAMES]);
    for (const name of FAMILY_NAMES) {
      expect(FAMILIES[name].name).toBe(name);
      expect(FAMILIES[name].vllmToolParser, name).toBe(VLLM_PARSERS[name]);
    }
    const paths = FAMILY_NAMES.map((name) => FAMILIES[name].parsePath);
    expect(new Set(paths).size).toBe(FAMILY_NAMES.length);
    expect(paths).toEqual(['functiongemma_tags', ...FAMILY_PARSE_PATHS]);
  });

  it("reads each family's own call example as one call with its arguments", () => {
    for (const family of Object.values(FAMILIES)) {
      const reading = family.read(family.callExample);
      expect(reading, family.name).toEqual({
        kind: 'calls',
        calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
        text: '',
      });
    }
  });

  it('gives every family but FunctionGemma a chat template written with its own control tokens', () => {
    for (const family of Object.values(FAMILIES)) {
      if (family.name === 'functiongemma') expect(family.chatTemplate).toBeNull();
      else {
        expect(family.chatTemplate, family.name).toMatch(/{%-? *for message in/);
        expect(
          family.controlTokens.some((token) => family.chatTemplate?.includes(token)),
          family.name,
        ).toBe(true);
      }
    }
  });

  it('recognises a family from its markers, and leaves a bare JSON call to the JSON paths', () => {
    const recognised = Object.values(FAMILIES).map((family) => recogniseFamily(family.callExample)?.name ?? null);
    expect(recognised).toEqual([
      'functiongemma',
      'hermes',
      null, // a bare {"name", "parameters"}: json_name_parameters unless the variant declares llama3-json
      'pythonic',
      'mistral',
      'granite',
      'phi4-mini',
      null, // a bare JSON list: json_array unless the variant declares xlam
    ]);
    expect(recogniseFamily('<|python_tag|>{"name": "f", "parameters": {}}')?.name).toBe('llama3-json');
    expect(recogniseFamily('<|tool_call|>[{"name": "f", "arguments": {}}]<|/tool_call|>')?.name).toBe('phi4-mini');
    expect(recogniseFamily('<tool_call>[{"name": "f", "arguments": {}}]')?.name).toBe('granite');
    expect(recogniseFamily('The weather is fine.')).toBeNull();
  });

  it('names the known families when asked for an unknown one', () => {
    expect(familyByName('hermes').vllmToolParser).toBe('hermes');
    expect(() => familyByName('gpt')).toThrow(/unknown model family "gpt" \(known: functiongemma, hermes/);
  });

  it('recognises a family from what only its chat template writes, most specific first', () => {
    // Each shipped template that writes its family's own marker is recognised as that family.
    for (const family of Object.values(FAMILIES)) {
      const template = family.chatTemplate ?? '';
      if (family.templateMarker !== null && template.includes(family.templateMarker))
        expect(familyOfTemplate(template)?.name, family.name).toBe(family.name);
    }
    // Real templates overlap: Phi-4-mini's also writes granite's <|tool_call|>, and granite's the
    // text `<tool_call>` of Hermes templates; Llama 3.1's writes <|python_tag|>.
    expect(familyOfTemplate('{{ "<|tool_call|>" }} functools[ <tool_call>')?.name).toBe('phi4-mini');
    expect(familyOfTemplate('<|tool_call|> then <tool_call>')?.name).toBe('granite');
    expect(familyOfTemplate('{{- "<|python_tag|>" + tool_call.name }}')?.name).toBe('llama3-json');
    expect(familyOfTemplate('[TOOL_CALLS]')?.name).toBe('mistral');
    expect(familyOfTemplate('{% for message in messages %}{{ message.content }}{% endfor %}')).toBeNull();
  });
});
