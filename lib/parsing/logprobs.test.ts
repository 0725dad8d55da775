import { describe, expect, it } from 'vitest';
import type { ChatCompletion } from '../protocol/chat-completion';
import {
  analyzeResponse,
  findLostValues,
  findToolNameSpans,
  readTokenLogprobs,
  rebuildRawOutput,
  toolNameConfidences,
  type TokenLogprob,
} from './logprobs';

const token = (text: string, probability = 0.99, alternatives: [string, number][] = []): TokenLogprob => ({
  token: text,
  logprob: Math.log(probability),
  bytes: null,
  topLogprobs: [[text, probability] as [string, number], ...alternatives].map(([alternative, chance]) => ({
    token: alternative,
    logprob: Math.log(chance),
  })),
});

// <start_function_call>call:apply_fix{issue_code:<escape>E501<escape>,line_number:12}<end_function_call>
const nativeTokens = [
  token('<start_function_call>'),
  token('call'),
  token(':'),
  token('apply', 0.8, [
    ['run', 0.15],
    ['read', 0.03],
  ]),
  token('_fix', 0.9),
  token('{'),
  token('issue'),
  token('_code'),
  token(':'),
  token('<escape>'),
  token('E501'),
  token('<escape>'),
  token(','),
  token('line'),
  token('_number'),
  token(':'),
  token('12'),
  token('}'),
  token('<end_function_call>'),
];

function body(tokens: TokenLogprob[], message: Record<string, unknown>): ChatCompletion {
  return {
    choices: [
      {
        index: 0,
        message: { role: 'assistant', ...message },
        logprobs: {
          content: tokens.map((entry) => ({
            token: entry.token,
            logprob: entry.logprob,
            bytes: entry.bytes,
            top_logprobs: entry.topLogprobs,
          })),
        },
      },
    ],
  };
}

describe('rebuildRawOutput', () => {
  it('joins the token strings, control tokens included', () => {
    expect(rebuildRawOutput(nativeTokens)).toBe(
      '<start_function_call>call:apply_fix{issue_code:<escape>E501<escape>,line_number:12}<end_function_call>',
    );
  });

  it('decodes the bytes when every token has them, so a character split across tokens comes out whole', () => {
    const euro = Buffer.from('€', 'utf8');
    const split = [
      { token: 'cost ', logprob: 0, bytes: [...Buffer.from('cost ')], topLogprobs: [] },
      { token: 'bytes:\\xe2\\x82', logprob: 0, bytes: [euro[0], euro[1]], topLogprobs: [] },
      { token: 'bytes:\\xac', logprob: 0, bytes: [euro[2]], topLogprobs: [] },
    ];
    expect(rebuildRawOutput(split)).toBe('cost €');
  });
});

describe('readTokenLogprobs', () => {
  it('is null without logprobs and for an unusable list', () => {
    expect(readTokenLogprobs({ choices: [{ message: {}, logprobs: null }] })).toBeNull();
    expect(readTokenLogprobs({ choices: [{ message: {}, logprobs: { content: [{ logprob: -1 }] } }] })).toBeNull();
  });
});

describe('tool-name confidence', () => {
  it('multiplies the probabilities of the name tokens after call: and reads the runner-ups at its first token', () => {
    const [confidence] = toolNameConfidences(nativeTokens, null, [
      'run_linter',
      'apply_fix',
      'read_current_file',
      'submit_result',
    ]);
    expect(confidence.name).toBe('apply_fix');
    expect(confidence.format).toBe('native');
    expect(confidence.probability).toBeCloseTo(0.8 * 0.9, 10);
    expect(confidence.tokens.map((entry) => entry.token)).toEqual(['apply', '_fix']);
    expect(confidence.runnerUps).toEqual([
      { token: 'run', probability: expect.closeTo(0.15, 10), names: ['run_linter'] },
      { token: 'read', probability: expect.closeTo(0.03, 10), names: ['read_current_file'] },
    ]);
  });

  it('handles a token that holds text before the name', () => {
    const merged = [
      token('<start_function_call>'),
      token('call'),
      token(':apply', 0.5, [[':run', 0.4]]),
      token('_fix', 0.5),
      token('{}'),
    ];
    const [confidence] = toolNameConfidences(merged, null, ['apply_fix', 'run_linter']);
    expect(confidence.probability).toBeCloseTo(0.25, 10);
    expect(confidence.runnerUps[0].names).toEqual(['run_linter']);
  });

  it('finds the name in JSON output after "name": " and skips a "name" argument', () => {
    const text = '[{"name": "submit_result", "parameters": {"name": "x"}}]';
    expect(
      findToolNameSpans(text, ['submit_result']).map((span) => [span.name, text.slice(span.start, span.end)]),
    ).toEqual([['submit_result', 'submit_result']]);
    expect(findToolNameSpans('{"name":"a","arguments":{"name":"b"}}', null).map((span) => span.name)).toEqual([
      'a',
      'b',
    ]);
    const jsonTokens = [
      token('[{"'),
      token('name'),
      token('":'),
      token(' "'),
      token('submit', 0.6),
      token('_result', 0.5),
      token('",'),
      token(' "parameters": {}}]'),
    ];
    const [confidence] = toolNameConfidences(jsonTokens, ['submit_result']);
    expect(confidence.format).toBe('json');
    expect(confidence.probability).toBeCloseTo(0.3, 10);
  });

  it('is empty for text without a call', () => {
    expect(toolNameConfidences([token('Hello'), token(' there')], null)).toEqual([]);
  });
});

describe('lost values', () => {
  const raw =
    '<start_function_call>call:apply_fix{issue_code:<escape>E501<escape>,line_number:12,options:{dry:true},' +
    'count:<escape>3<escape>}<end_function_call>';

  it('flags bare values vLLM dropped and nested keys it flattened, but not an escaped number it decoded', () => {
    const server = [{ name: 'apply_fix', arguments: '{"issue_code": "E501", "dry": true, "count": 3}' }];
    expect(findLostValues(raw, server)).toEqual([
      { call: 0, name: 'apply_fix', key: 'line_number', rawValue: 12, kind: 'missing' },
      { call: 0, name: 'apply_fix', key: 'options', rawValue: { dry: true }, kind: 'missing' },
    ]);
  });

  it('flags a value the server changed, and nothing when all survived', () => {
    expect(
      findLostValues(raw, [
        { name: 'apply_fix', arguments: { issue_code: 'E502', line_number: 12, options: { dry: true }, count: 3 } },
      ]),
    ).toEqual([
      { call: 0, name: 'apply_fix', key: 'issue_code', rawValue: 'E501', kind: 'changed', serverValue: 'E502' },
    ]);
    expect(
      findLostValues(raw, [
        { name: 'apply_fix', arguments: '{"issue_code":"E501","line_number":12,"options":{"dry":true},"count":"3"}' },
      ]),
    ).toEqual([]);
  });

  it('pairs calls by position and name only, and has nothing to say without server calls', () => {
    expect(findLostValues(raw, [{ name: 'other', arguments: '{}' }])).toEqual([]);
    expect(findLostValues(raw, [])).toEqual([]);
  });
});

describe('analyzeResponse', () => {
  it('puts the raw output, confidence and lost values of a vLLM-parsed response together', () => {
    const insight = analyzeResponse(
      body(nativeTokens, {
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'apply_fix', arguments: '{"issue_code": "E501"}' } },
        ],
      }),
      { toolNames: ['apply_fix', 'run_linter'] },
    );
    expect(insight).not.toBeNull();
    expect(insight!.rawOutput).toContain('line_number:12');
    expect(insight!.tokenCount).toBe(nativeTokens.length);
    expect(insight!.toolNameConfidence).toBeCloseTo(0.72, 10);
    expect(insight!.lostValues).toEqual([
      { call: 0, name: 'apply_fix', key: 'line_number', rawValue: 12, kind: 'missing' },
    ]);
  });

  it('is null without logprobs', () => {
    expect(analyzeResponse({ choices: [{ message: { content: 'hi' } }] })).toBeNull();
  });
});
