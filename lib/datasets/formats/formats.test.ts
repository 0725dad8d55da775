import { describe, expect, it } from 'vitest';
import { detectFormat, exportDatasetText, parseDatasetText } from './index';
import type { DatasetCase } from '../case';

// distil-labs lines as their tooling writes them: both fields are JSON strings (json.dumps twice).
function distilLine(messages: unknown[], answer: unknown): string {
  return JSON.stringify({ question: JSON.stringify(messages), answer: JSON.stringify(answer) });
}

const user = (content: string) => ({ role: 'user', content });
const assistantCall = (name: string, args: Record<string, unknown>) => ({
  role: 'assistant',
  content: '',
  tool_calls: [{ type: 'function', function: { name, arguments: args } }],
});

const distilFile = [
  distilLine([user('Open the blinds in the study')], {
    name: 'move_blinds',
    parameters: { room: 'study', position: 'open' },
  }),
  distilLine(
    [user('Water the garden'), assistantCall('start_sprinkler', { zone: 'garden' }), user('Only for five minutes')],
    { name: 'start_sprinkler', parameters: { zone: 'garden', minutes: 5 } },
  ),
  '',
  distilLine([user('Feed the cat')], { name: 'intent_unclear', parameters: {} }),
].join('\n');

describe('distil-labs format', () => {
  it('reads the conversation so far and the answer as exactly its parameters', () => {
    const parsed = parseDatasetText(distilFile, 'distil');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.cases.map((entry) => entry.id)).toEqual(['line-1', 'line-2', 'line-4']);
    expect(parsed.cases[0]).toEqual({
      id: 'line-1',
      input: { messages: [{ role: 'user', content: 'Open the blinds in the study' }] },
      expect: {
        kind: 'call',
        calls: [{ name: 'move_blinds', arguments: { room: ['study'], position: ['open'] }, optional: [] }],
      },
    });
    expect(parsed.cases[1].input).toEqual({
      messages: [
        { role: 'user', content: 'Water the garden' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ type: 'function', function: { name: 'start_sprinkler', arguments: { zone: 'garden' } } }],
        },
        { role: 'user', content: 'Only for five minutes' },
      ],
    });
    expect(parsed.cases[2].expect).toEqual({
      kind: 'call',
      calls: [{ name: 'intent_unclear', arguments: {}, optional: [] }],
    });
  });

  it('refuses the whole file for one bad line, naming every bad line and why', () => {
    const bad = [
      distilLine([user('ok')], { name: 'a', parameters: {} }),
      '{"question": "[{\\"role\\": \\"user\\", \\"content\\": \\"hi\\"}]", "answer": "{not json"}',
      distilLine([user('ok')], { parameters: { x: 1 } }),
      '{"question": ',
      distilLine([user('hi'), { role: 'assistant', content: 'sure' }], { name: 'a', parameters: {} }),
    ].join('\n');
    const parsed = parseDatasetText(bad, 'distil');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    // Lines that are not JSON are reported first, on their own: the file cannot even be read.
    expect(parsed.problems).toEqual([{ line: 4, reason: expect.stringContaining('not JSON') }]);

    const parsedJson = parseDatasetText(
      bad
        .split('\n')
        .filter((_, index) => index !== 3)
        .join('\n'),
      'distil',
    );
    if (parsedJson.ok) throw new Error('expected a refusal');
    expect(parsedJson.problems.map((problem) => problem.line)).toEqual([2, 3, 4]);
    expect(parsedJson.problems[0].reason).toContain('"answer" is not a JSON string');
    expect(parsedJson.problems[1].reason).toContain('"answer" must hold {"name": TOOL');
    expect(parsedJson.problems[2].reason).toContain('must end with a user or tool message');
  });

  it('exports what it can express and refuses the rest by case', () => {
    const parsed = parseDatasetText(distilFile, 'distil');
    if (!parsed.ok) throw new Error('parse failed');
    const exported = exportDatasetText(parsed.cases, 'distil');
    if (!exported.ok) throw new Error(JSON.stringify(exported.problems));
    const again = parseDatasetText(exported.text, 'distil');
    if (!again.ok) throw new Error('re-import failed');
    // The format has no ids: cases are named by their line, and the export has no blank line.
    const withoutIds = (cases: DatasetCase[]) => cases.map(({ id: _id, ...rest }) => rest);
    expect(withoutIds(again.cases)).toEqual(withoutIds(parsed.cases));
    expect(exported.text.split('\n')[0]).toBe(
      '{"question": "[{\\"role\\": \\"user\\", \\"content\\": \\"Open the blinds in the study\\"}]", ' +
        '"answer": "{\\"name\\": \\"move_blinds\\", ' +
        '\\"parameters\\": {\\"room\\": \\"study\\", \\"position\\": \\"open\\"}}"}',
    );

    const parallel: DatasetCase = {
      id: 'two',
      input: { messages: [user('x') as never] },
      expect: {
        kind: 'call',
        calls: [
          { name: 'a', arguments: {}, optional: [] },
          { name: 'b', arguments: {}, optional: [] },
        ],
      },
    };
    const variables: DatasetCase = { id: 'vars', input: { variables: { node_text: 'def f(): pass' } }, expect: null };
    const refused = exportDatasetText([parsed.cases[0], parallel, variables], 'distil');
    expect(refused).toEqual({
      ok: false,
      problems: [
        { caseId: 'two', reason: 'it expects parallel calls' },
        { caseId: 'vars', reason: 'its input is template variables, not a conversation' },
      ],
    });
  });
});

describe("the project's own format", () => {
  const lines = [
    JSON.stringify({
      id: 'lights',
      input: { messages: [user('Lights on')] },
      expect: { kind: 'call', calls: [{ name: 'toggle_lights', arguments: { state: ['on'] } }] },
    }),
    JSON.stringify({ input: { variables: { node_text: 'def f(): pass', file_path: 'f.py' } } }),
    JSON.stringify({
      id: 'joke',
      input: { messages: [user('Tell me a joke')] },
      expect: { kind: 'no_call' },
      note: 'irrelevant',
    }),
  ].join('\n');

  it('reads cases as the case model says, with defaults', () => {
    const parsed = parseDatasetText(lines, 'remora');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.cases[0].expect).toEqual({
      kind: 'call',
      calls: [{ name: 'toggle_lights', arguments: { state: ['on'] }, optional: [] }],
    });
    expect(parsed.cases[1]).toEqual({
      id: 'line-2',
      input: { variables: { node_text: 'def f(): pass', file_path: 'f.py' } },
      expect: null,
    });
    expect(parsed.cases[2]).toMatchObject({ id: 'joke', expect: { kind: 'no_call' }, note: 'irrelevant' });
  });

  it('round-trips through export', () => {
    const parsed = parseDatasetText(lines, 'remora');
    if (!parsed.ok) throw new Error('parse failed');
    const exported = exportDatasetText(parsed.cases, 'remora');
    if (!exported.ok) throw new Error('export failed');
    const again = parseDatasetText(exported.text, 'remora');
    expect(again).toEqual(parsed);
  });

  it('refuses duplicate ids, unknown keys and empty accepted lists by line', () => {
    const bad = [
      JSON.stringify({ id: 'x', input: { messages: [user('a')] } }),
      JSON.stringify({ id: 'x', input: { messages: [user('b')] } }),
      JSON.stringify({ id: 'y', input: { messages: [user('c')] }, expected: {} }),
      JSON.stringify({
        id: 'z',
        input: { messages: [user('d')] },
        expect: { kind: 'call', calls: [{ name: 't', arguments: { a: [] } }] },
      }),
    ].join('\n');
    const parsed = parseDatasetText(bad, 'remora');
    if (parsed.ok) throw new Error('expected a refusal');
    expect(parsed.problems.map((problem) => problem.line)).toEqual([2, 3, 4]);
    expect(parsed.problems[0].reason).toBe('case id "x" is already used on line 1');
    expect(parsed.problems[1].reason).toContain('expected');
    expect(parsed.problems[2].reason).toContain('argument "a" has no accepted value and is not optional');
  });
});

describe('detectFormat', () => {
  it('tells the format from the first line', () => {
    expect(detectFormat(distilFile)).toBe('distil');
    expect(detectFormat(`${JSON.stringify({ id: 'simple_0', question: [[{ role: 'user', content: 'x' }]] })}\n`)).toBe(
      'bfcl',
    );
    expect(detectFormat(`\n${JSON.stringify({ input: { messages: [] } })}`)).toBe('remora');
    expect(detectFormat('not json')).toBeNull();
  });
});

describe('untrusted lines', () => {
  const weird: unknown[] = [
    null,
    42,
    'text',
    [],
    {},
    { question: null, answer: null },
    { question: '[]', answer: '{}' },
    { question: '[{}]', answer: '{"name": "a"}' },
    { question: '[{"role": "assistant"}]', answer: '{"name": "a", "parameters": []}' },
    { question: '[{"role": "user", "content": 1}]', answer: '{"name": "a"}' },
    {
      question: '[{"role": "assistant", "tool_calls": "x"}, {"role": "user", "content": "y"}]',
      answer: '{"name": "a"}',
    },
    { question: [[]], ground_truth: [{}] },
    { question: [[{ role: 'user', content: 'x' }]], ground_truth: 'x', function: 3 },
    { question: [[{ role: 'user', content: 'x' }]], ground_truth: [{ f: { a: 'not a list' } }] },
    {
      question: [[{ role: 'user', content: 'x' }]],
      function: [{ name: 'f', parameters: { type: 'dict', properties: { a: { type: 'HashMap' } } } }],
    },
    { input: { messages: null } },
    { input: { messages: [] } },
    { input: { variables: {} } },
    { input: { messages: [{ role: 'user', content: 'x' }] }, expect: { kind: 'call', calls: [] } },
    {
      input: { messages: [{ role: 'user', content: 'x' }] },
      tools: [{ function: { name: 'f', parameters: { type: 'nonsense' } } }],
    },
  ];

  it('never throws: each line is a case or a refusal with its number', () => {
    for (const format of ['distil', 'bfcl', 'remora'] as const) {
      for (const value of weird) {
        const text = `${JSON.stringify(value)}\n`;
        let parsed: ReturnType<typeof parseDatasetText> | undefined;
        expect(() => (parsed = parseDatasetText(text, format)), `${format}: ${text}`).not.toThrow();
        if (parsed && !parsed.ok)
          for (const problem of parsed.problems) expect(problem.line, `${format}: ${text}`).toBe(1);
      }
    }
  });

  it('drops type names BFCL uses for other languages instead of refusing the schema', () => {
    const parsed = parseDatasetText(`${JSON.stringify(weird[14])}\n`, 'bfcl');
    expect(parsed.ok && parsed.cases[0].tools?.[0].function.parameters).toEqual({
      type: 'object',
      properties: { a: {} },
    });
  });
});
