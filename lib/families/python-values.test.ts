// The macro writes values as Python's str() does; the expected text was printed by Python 3 for the
// same dict (quotes chosen by content, escapes, True/False/None, nesting).
import { describe, expect, it } from 'vitest';
import { renderChatTemplate } from './chat-template';
import { PYTHON_VALUE_MACROS } from './python-values';

// The value rides as a call's arguments, which the renderer hands to templates as an object.
const render = (expression: string, value: unknown): string =>
  renderChatTemplate(`${PYTHON_VALUE_MACROS}{% for call in messages[0].tool_calls %}{{ ${expression} }}{% endfor %}`, {
    messages: [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: JSON.stringify(value) } }],
      },
    ],
    addGenerationPrompt: false,
  });

describe('python_str', () => {
  it("writes a dict as Python's str() does", () => {
    const value = {
      s: "it's",
      d: 'say "hi"',
      both: `it's "x"`,
      nl: 'a\nb\\c',
      n: 1.5,
      i: 3,
      b: true,
      z: null,
      l: [1, 'x', false],
      o: { k: 'v' },
    };
    expect(render('python_str(call.function.arguments)', value)).toBe(
      `{'s': "it's", 'd': 'say "hi"', 'both': 'it\\'s "x"', 'nl': 'a\\nb\\\\c', 'n': 1.5, 'i': 3, ` +
        `'b': True, 'z': None, 'l': [1, 'x', False], 'o': {'k': 'v'}}`,
    );
  });

  it('writes a string as it is and a scalar as Python names it', () => {
    expect(render("python_str('Paris, France') + python_str(true) + python_str(none)", {})).toBe(
      'Paris, FranceTrueNone',
    );
  });
});
