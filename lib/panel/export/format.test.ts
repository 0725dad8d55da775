import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, inputSummary, verdictWord } from './format';

describe('csv cells', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(false)).toBe('false');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('keeps a spreadsheet from running model output as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@sum')).toBe("'@sum");
    // Numbers are numbers.
    expect(csvCell(-2)).toBe('-2');
  });
});

describe('inputSummary', () => {
  it('names a code node, else starts the node text, else quotes the last user turn', () => {
    expect(
      inputSummary({
        node_text: 'def add(a, b):\n  return a + b',
        node_name: 'add',
        node_type: 'function',
        file_path: 'math.py',
      }),
    ).toBe('add (function) in math.py');
    expect(inputSummary({ node_text: 'hello\n\n   world' })).toBe('hello world');
    expect(inputSummary({ node_text: 'x'.repeat(300) }, 10)).toBe(`${'x'.repeat(9)}…`);
    expect(
      inputSummary({
        node_text: '',
        messages: [
          { role: 'user', content: 'Turn on the lights' },
          { role: 'assistant', content: null, tool_calls: [] },
          { role: 'user', content: 'and the kitchen too' },
        ],
      }),
    ).toBe('and the kitchen too');
  });
});

describe('verdictWord', () => {
  it('tells correct, wrong and unscored apart, and says nothing when nothing was expected', () => {
    expect(verdictWord({ expectationKind: null, verdictScored: null, callCorrect: null })).toBe('');
    expect(verdictWord({ expectationKind: 'call', verdictScored: false, callCorrect: false })).toBe('unscored');
    expect(verdictWord({ expectationKind: 'call', verdictScored: true, callCorrect: true })).toBe('correct');
    expect(verdictWord({ expectationKind: 'no_call', verdictScored: true, callCorrect: false })).toBe('wrong');
  });
});
