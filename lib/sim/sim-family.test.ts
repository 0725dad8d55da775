// `sim --family NAME`: the simulated model writes the family's native text, and the server answers
// as vLLM with that family's tool parser would, losses included. Real HTTP; the client side is the
// project's own parser, told the variant's family.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from './server';
import { lintRequest, post } from './test-helpers';
import { FAMILY_NAMES, type FamilyName } from '../families/family';
import { FAMILIES } from '../families/registry';
import { parseResponse } from '../parsing/parse-response';
import { extractLikeFamilyParser, writeFamilyCall } from './family-output';

const servers: SimServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function answers(family: FamilyName, shape: string, count = 12) {
  const server = await startSimServer({
    port: 0,
    seed: 3,
    family,
    shapes: { [shape]: 1 },
    http500Rate: 0,
    http429Rate: 0,
    unknownToolRate: 0,
    invalidArgumentsRate: 0,
  });
  servers.push(server);
  const results = await Promise.all(
    Array.from({ length: count }, (_, index) => post(server, '/v1/chat/completions', lintRequest(index))),
  );
  return results.map((result) => result.body.choices[0].message);
}

const OTHERS = FAMILY_NAMES.filter((name) => name !== 'functiongemma');

describe('the simulator in each family', () => {
  for (const family of OTHERS) {
    it(`${family}: the parser's calls come back as tool_calls, the raw text as the family's own path`, async () => {
      for (const message of await answers(family, 'tool_calls')) {
        expect(message.tool_calls?.length, JSON.stringify(message)).toBe(1);
        const parsed = parseResponse(message, 'tool_calls-first', FAMILIES[family]);
        expect(parsed.path).toBe('tool_calls');
        expect(['run_linter', 'apply_fix', 'submit_result']).toContain(parsed.calls[0].name);
      }
      for (const message of await answers(family, 'functiongemma_tags')) {
        expect(message.tool_calls ?? []).toEqual([]);
        expect(message.content).not.toContain('<start_function_call>');
        const parsed = parseResponse(message, 'tool_calls-first', FAMILIES[family]);
        expect(parsed.path, message.content).toBe(FAMILIES[family].parsePath);
        expect(parsed.calls).toHaveLength(1);
      }
    });
  }

  it("every registered family but FunctionGemma plays its vLLM parser, which reads its model's call back", () => {
    expect(FAMILIES.functiongemma.vllmParser).toBeNull();
    for (const family of OTHERS) {
      expect(FAMILIES[family].vllmParser, family).toBeTypeOf('function');
      const text = writeFamilyCall(family, 'get_weather', { city: 'Paris', options: { metric: true, days: 2 } });
      expect(extractLikeFamilyParser(family, text), family).toEqual({
        toolsCalled: true,
        calls: [{ name: 'get_weather', arguments: '{"city": "Paris", "options": {"metric": true, "days": 2}}' }],
        content: null,
      });
    }
  });

  it('refuses a family it does not know, naming the known ones', async () => {
    await expect(startSimServer({ port: 0, family: 'gpt-9' as FamilyName })).rejects.toThrow(/family/);
  });
});

describe("each vLLM parser's documented losses", () => {
  const listArgs = { paths: ['a.py', 'b.py'] };

  it('phi4_mini_json stops at the first `]`: a list argument loses the call, which the family reading keeps', () => {
    const text = writeFamilyCall('phi4-mini', 'lint_files', listArgs);
    expect(text).toBe('functools[{"name": "lint_files", "arguments": {"paths": ["a.py", "b.py"]}}]');
    expect(extractLikeFamilyParser('phi4-mini', text)).toEqual({ toolsCalled: false, calls: [], content: text });
    expect(FAMILIES['phi4-mini'].read(text)).toMatchObject({ kind: 'calls', calls: [{ name: 'lint_files' }] });
  });

  it('hermes is all or nothing: one broken block drops the good one too', () => {
    const good = writeFamilyCall('hermes', 'a', { x: 1 });
    const text = `${good}\n<tool_call>\n{"name": "b", "arguments": {</tool_call>`;
    expect(extractLikeFamilyParser('hermes', text)).toEqual({ toolsCalled: false, calls: [], content: text });
    expect(extractLikeFamilyParser('hermes', `Sure. ${good}`)).toEqual({
      toolsCalled: true,
      calls: [{ name: 'a', arguments: '{"x": 1}' }],
      content: 'Sure. ',
    });
  });

  it('llama3_json reads only an answer that starts with the call; pythonic only a bare list', () => {
    const call = writeFamilyCall('llama3-json', 'a', { x: 'y' });
    expect(extractLikeFamilyParser('llama3-json', call).calls).toEqual([{ name: 'a', arguments: '{"x": "y"}' }]);
    expect(extractLikeFamilyParser('llama3-json', `Here: ${call}`).toolsCalled).toBe(false);
    const list = writeFamilyCall('pythonic', 'a', { on: true, level: 3, room: 'k' });
    expect(list).toBe('[a(on=True, level=3, room="k")]');
    expect(extractLikeFamilyParser('pythonic', list).calls).toEqual([
      { name: 'a', arguments: '{"on": true, "level": 3, "room": "k"}' },
    ]);
    expect(extractLikeFamilyParser('pythonic', `${list} done`).toolsCalled).toBe(false);
  });

  it('mistral keeps the text before [TOOL_CALLS]; granite and xlam need the answer to start with the list', () => {
    const mistral = writeFamilyCall('mistral', 'a', {});
    expect(extractLikeFamilyParser('mistral', `Ok ${mistral}`)).toMatchObject({ toolsCalled: true, content: 'Ok' });
    expect(extractLikeFamilyParser('granite', `Ok ${writeFamilyCall('granite', 'a', {})}`).toolsCalled).toBe(false);
    expect(extractLikeFamilyParser('xlam', `Ok ${writeFamilyCall('xlam', 'a', {})}`).toolsCalled).toBe(false);
    expect(extractLikeFamilyParser('xlam', '```json\n[{"name": "a", "arguments": {}}]\n```').toolsCalled).toBe(true);
  });
});
