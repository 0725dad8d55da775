// Each family's shipped chat template writes, byte for byte, what the family's PUBLISHED template
// writes (the model's own from its tokenizer_config.json, or the one vLLM's examples folder ships;
// the fixture names the repository, path and commit of each). The published renderings were made by
// scripts/published-reference.py with Python's jinja2 from templates kept outside this repository, so
// only their rendered text is committed. FunctionGemma has no Jinja template of ours to compare: its
// prompt comes from functiongemma/render.ts, checked against the model's own rendering in render.test.ts.
import { describe, expect, it } from 'vitest';
import published from './fixtures/published-renderings.json';
import { FAMILIES } from './registry';
import type { FamilyName } from './family';
import { renderExample, TEMPLATE_EXAMPLES, type TemplateExample } from './testing/template-examples';

type Rendering = string | { error: string };
type PublishedFamily = { source: Record<string, string>; renderings: Record<string, Rendering> };
const families = published.families as Record<string, PublishedFamily>;

// Where our template writes something else on purpose; each family's template.ts says why.
const DELIBERATE: Partial<Record<FamilyName, string[]>> = {
  // Llama 3.2's template refuses two calls in one turn; ours writes them, `;`-separated.
  'llama3-json': ['two-calls-one-turn'],
};

const render = (name: FamilyName, example: TemplateExample): string => renderExample(FAMILIES[name], example);

describe("each family's shipped template against its published one", () => {
  it('covers every family that ships a template, each with the source it was rendered from', () => {
    const shipped = Object.values(FAMILIES).filter((family) => family.chatTemplate !== null);
    expect(Object.keys(families).sort()).toEqual(shipped.map((family) => family.name).sort());
    for (const [name, family] of Object.entries(families)) {
      expect(Object.keys(family.source), name).toEqual(expect.arrayContaining(['model', 'repo', 'path', 'commit']));
      expect(Object.keys(family.renderings), name).toEqual(TEMPLATE_EXAMPLES.map((example) => example.name));
    }
  });

  for (const [name, family] of Object.entries(families) as [FamilyName, PublishedFamily][]) {
    for (const example of TEMPLATE_EXAMPLES) {
      const expected = family.renderings[example.name];
      if (DELIBERATE[name]?.includes(example.name)) {
        it(`${name}: ${example.name} differs from the published template on purpose`, () => {
          expect(render(name, example)).not.toEqual(expected);
        });
      } else {
        it(`${name}: ${example.name} equals the published template's rendering`, () => {
          expect(typeof expected, 'the published template renders this example').toBe('string');
          expect(render(name, example)).toBe(expected);
        });
      }
    }
  }
});
