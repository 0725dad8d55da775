// `bfcl` scoring against BFCL's AST checker on a probe set. The expected outcome of every probe is
// worked out by hand from the checker's published rules (bfcl_eval/eval_checker/ast_eval/
// ast_checker.py; the rule is named beside each probe), then the case goes through the real path:
// imported from a BFCL line, the model's answer given as the raw `arguments` text of tool_calls.
// The lenient scorer's own verdict is checked too: it differs on exactly the ten probes marked so.
import { describe, expect, it } from 'vitest';
import { parseDatasetText } from '../formats';
import { scoreConversation, toolSchemas } from '../score-conversation';
import type { ModelCallRecord } from '../../runner/types';
import { scoreConversationBfcl } from './score-bfcl';
import { stringify } from 'lossless-json';
import { readArguments } from '../../parsing/read-arguments';
import { type Probe, probes } from './testing/probes';

function importProbe(probe: Probe, index: number) {
  const id = probe.category ?? (probe.truth.length > 1 ? `parallel_${index}` : `simple_${index}`);
  // lossless-json writes float(...) values as written (10.0), as BFCL's files hold them.
  const line =
    stringify({
      id,
      question: [[{ role: 'user', content: probe.name }]],
      function: probe.functions,
      ground_truth: probe.truth,
    }) ?? '';
  const parsed = parseDatasetText(line, 'bfcl');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.cases[0];
}

function recordOf(output: [string, string][]): { modelCalls: ModelCallRecord[] } {
  const toolCalls = output.map(([name, args], index) => ({
    id: `call_${index}`,
    type: 'function',
    function: { name, arguments: args },
  }));
  const parsedCalls = output.map(([name, args]) => ({ name, ...readArguments(args) }));
  return {
    modelCalls: [
      {
        turn: 1,
        messagePositions: [0, 1],
        requestParams: { model: 'm', toolsSent: true },
        status: 'ok',
        response: { choices: [{ message: { role: 'assistant', content: null, tool_calls: toolCalls } }] },
        error: null,
        attempts: 1,
        latencyMs: 1,
        usage: null,
        parsePath: output.length > 0 ? 'tool_calls' : 'empty',
        parsedCalls,
        calls: [],
        allValid: false,
        startedAt: 0,
      },
    ],
  };
}

describe('bfcl scoring agrees with BFCL’s AST checker on the probe set', () => {
  const results = probes.map((probe, index) => {
    const datasetCase = importProbe(probe, index);
    const schemas = toolSchemas(datasetCase.tools ?? []);
    const expectation = datasetCase.expect;
    if (!expectation) throw new Error('no expectation');
    const record = recordOf(probe.output);
    return {
      probe,
      strict: scoreConversationBfcl(record, expectation, schemas),
      lenient: scoreConversation(record, expectation, schemas),
    };
  });

  it.each(results.map((result) => [result.probe.name, result] as const))('%s', (_name, { probe, strict }) => {
    expect(strict.scoring).toBe('bfcl');
    if (probe.bfcl === true)
      expect({ correct: strict.correct, error: strict.bfclErrorType }).toEqual({ correct: true, error: null });
    else
      expect({ correct: strict.correct, error: strict.bfclErrorType }).toEqual({ correct: false, error: probe.bfcl });
  });

  it('differs from the lenient scorer on exactly the ten marked probes', () => {
    const differing = results
      .filter((result) => result.strict.correct !== result.lenient.correct)
      .map((result) => result.probe.name);
    expect(differing).toEqual(probes.filter((probe) => probe.lenientDiffers).map((probe) => probe.name));
    expect(differing).toHaveLength(10);
  });
});
