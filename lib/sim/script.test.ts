// The scripted simulator (`script`): each turn of a conversation does what its step says, whatever
// the seed, so a browser test can count on an outcome instead of skipping when it did not happen.
import { describe, expect, it } from 'vitest';
import { SimEngine } from './sim-engine';
import { resolveSimOptions } from './server';
import { lintRequest, shapeOfMessage } from './test-helpers';
import type { SimOptionsInput } from './options';

type Message = { content: string | null; tool_calls?: { function: { name: string } }[] };

function answer(options: SimOptionsInput, index: number, history: Record<string, unknown>[] = []): Message {
  const engine = new SimEngine(resolveSimOptions({ http500Rate: 0, http429Rate: 0, ...options }));
  const request = lintRequest(index);
  const reply = engine.chatCompletion(JSON.stringify({ ...request, messages: [...request.messages, ...history] }));
  expect(reply.status).toBe(200);
  return (reply.body.choices as { message: Message }[])[0].message;
}

/** The history after one call of `name` and its tool result: the next answer is turn 2. */
function afterCall(name: string): Record<string, unknown>[] {
  return [
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: 'done' },
  ];
}

describe('a scripted simulator', () => {
  const script = [{ tool: 'apply_fix', shape: 'tool_calls' as const }, { shape: 'text' as const }];

  it('calls the scripted tool at turn 1 and writes text at turn 2, for every seed and input', () => {
    for (let seed = 0; seed < 40; seed += 1) {
      const first = answer({ seed, script, unknownToolRate: 0 }, seed);
      expect(first.tool_calls?.map((call) => call.function.name)).toEqual(['apply_fix']);
      const second = answer({ seed, script }, seed, afterCall('apply_fix'));
      expect(shapeOfMessage(second)).toBe('text');
    }
  });

  it('draws as usual past the script, and the unscripted draws differ from the scripted ones', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed += 1) {
      const message = answer(
        { seed, script: [{ tool: 'apply_fix', shape: 'tool_calls' }], unknownToolRate: 0 },
        seed,
        afterCall('x'),
      );
      seen.add(message.tool_calls?.[0]?.function.name ?? shapeOfMessage(message));
    }
    // Turn 2 is past the one-step script: the model chooses between the tools again.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('a step with only a shape keeps the call the model would have drawn', () => {
    for (let seed = 0; seed < 20; seed += 1) {
      const free = answer({ seed, shapes: { json_name_arguments: 1 } }, seed);
      const scripted = answer({ seed, script: [{ shape: 'json_name_arguments' }] }, seed);
      expect(scripted.content).toBe(free.content);
    }
  });

  it('ignores a scripted tool the request does not offer, and refuses an unknown shape', () => {
    const message = answer({ seed: 3, script: [{ tool: 'no_such_tool', shape: 'tool_calls' }], unknownToolRate: 0 }, 3);
    expect(['run_linter', 'apply_fix', 'submit_result']).toContain(message.tool_calls?.[0]?.function.name);
    expect(() => resolveSimOptions({ script: [{ shape: 'poetry' as never }] })).toThrow(/script\.0\.shape/);
  });
});
