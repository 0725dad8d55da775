// The embedded engine with the real llama.cpp binding on tiny models the project writes itself:
// sampling, several conversations at once, cancellation, and decoding constrained to native calls.
import { describe, expect, it } from 'vitest';
import { checkArguments } from '../parsing/arguments';
import { parseResponse } from '../parsing/parse-response';
import { TEST_TOOLS } from './testing/tiny-models';
import { ask, body, engineSuite } from './testing/engine-suite';

const engines = engineSuite();

describe('sampling', () => {
  it('is reproducible for a seed at temperature 1, varies across seeds, and greedy ignores the seed', async () => {
    const request = { model: 'm', messages: ask, temperature: 1, max_tokens: 12 };
    const first = await body(engines.random, { ...request, seed: 1 });
    const again = await body(engines.random, { ...request, seed: 1 });
    expect(again.remora.raw_text).toBe(first.remora.raw_text);
    const others = await Promise.all([2, 3, 4].map((seed) => body(engines.random, { ...request, seed })));
    expect(new Set([first, ...others].map((result) => result.remora.raw_text)).size).toBeGreaterThan(1);
    const greedy = await Promise.all([5, 6].map((seed) => body(engines.random, { ...request, temperature: 0, seed })));
    expect(greedy[0].remora.raw_text).toBe(greedy[1].remora.raw_text);
    // top_k 1 is greedy whatever the temperature.
    const topOne = await body(engines.random, { ...request, top_k: 1, seed: 9 });
    expect(topOne.remora.raw_text).toBe(greedy[0].remora.raw_text);
  });
});

describe('several conversations at once', () => {
  it('runs two on separate sequences while a third waits, each as it would alone', async () => {
    const requests = ['Tokyo', 'Paris', 'Lima'].map((city) => ({
      model: 'm',
      messages: [{ role: 'user' as const, content: `Weather in ${city}?` }],
      tools: TEST_TOOLS,
      temperature: 0,
      max_tokens: 40,
    }));
    const alone = [];
    for (const request of requests) alone.push((await body(engines.random, request)).remora.raw_text);
    const together = Promise.all(requests.map((request) => body(engines.random, request)));
    await expect.poll(() => engines.randomModel.pool.waitingCount).toBe(1);
    expect(engines.randomModel.pool.freeCount).toBe(0);
    const results = await together;
    expect(results.map((result) => result.remora.raw_text)).toEqual(alone);
    expect(engines.randomModel.pool.freeCount).toBe(2);
  });
});

describe('cancellation', () => {
  it('cancels a request waiting for a sequence and the ones generating', async () => {
    // Left alone, the random model writes all the tokens asked for: none of these can end before it is cancelled.
    const long = { model: 'm', messages: ask, temperature: 0, max_tokens: 3000 };
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const outcomes = controllers.map((controller) => engines.random.complete(long, controller.signal));
    await expect.poll(() => engines.randomModel.pool.waitingCount).toBe(1);
    controllers[2].abort();
    expect(await outcomes[2]).toMatchObject({ ok: false, type: 'cancelled', error: 'request cancelled' });
    expect(engines.randomModel.pool.waitingCount).toBe(0);
    controllers[0].abort();
    controllers[1].abort();
    for (const outcome of await Promise.all(outcomes.slice(0, 2)))
      expect(outcome).toMatchObject({ ok: false, type: 'cancelled' });
    expect(engines.randomModel.pool.freeCount).toBe(2);
  });
});

describe('constrained decoding in the native format', () => {
  it('under required, every output of the random model is one valid native call to a declared tool', async () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 24; seed += 1) {
      const result = await body(engines.random, {
        model: 'm',
        messages: ask,
        tools: TEST_TOOLS,
        tool_choice: 'required',
        temperature: 1,
        seed,
        max_tokens: 400,
      });
      const raw = result.remora.raw_text;
      expect(raw, raw).toMatch(
        /^<start_function_call>call:(get_weather|set_alarm|submit_result)\{.*\}<end_function_call>$/s,
      );
      expect(result.remora.constraint).toBe('required');
      const parsed = parseResponse(result.choices[0].message);
      expect(parsed.path, raw).toBe('tool_calls');
      expect(parsed.calls).toHaveLength(1);
      const [call] = parsed.calls;
      const tool = TEST_TOOLS.find((candidate) => candidate.function.name === call.name);
      expect(tool, raw).toBeDefined();
      const check = checkArguments(tool?.function.parameters ?? {}, call.arguments);
      expect(check, raw).toMatchObject({ ok: true, coerced: false });
      seen.add(call.name);
    }
    // Random weights pick different tools: the grammar allows each of them.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('a named tool choice only ever produces that tool', async () => {
    for (let seed = 1; seed <= 10; seed += 1) {
      const result = await body(engines.random, {
        model: 'm',
        messages: ask,
        tools: TEST_TOOLS,
        tool_choice: { type: 'function', function: { name: 'set_alarm' } },
        temperature: 1,
        seed,
        max_tokens: 400,
      });
      expect(result.remora.constraint).toBe('named');
      const parsed = parseResponse(result.choices[0].message);
      expect(
        parsed.calls.map((call) => call.name),
        result.remora.raw_text,
      ).toEqual(['set_alarm']);
      expect(checkArguments(TEST_TOOLS[1].function.parameters, parsed.calls[0].arguments).ok).toBe(true);
    }
  });

  it('under auto there is no constraint: the same random model writes no call', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((seed) =>
        body(engines.random, {
          model: 'm',
          messages: ask,
          tools: TEST_TOOLS,
          tool_choice: 'auto',
          temperature: 1,
          seed,
          max_tokens: 30,
        }),
      ),
    );
    for (const result of results) {
      expect(result.remora.constraint).toBe('auto');
      expect(result.remora.raw_text).not.toMatch(/^<start_function_call>call:/);
    }
  });
});
