import { describe, expect, it } from 'vitest';
import { parseInputs } from './inputs';

describe('parseInputs', () => {
  it('reads a YAML list of objects and strings', () => {
    const loaded = parseInputs('- node_text: a\n  file_path: x.py\n- just text\n', 'inputs.yaml');
    expect(loaded).toEqual({ ok: true, inputs: [{ node_text: 'a', file_path: 'x.py' }, { node_text: 'just text' }] });
  });

  it('reads {inputs: [...]} in JSON', () => {
    expect(parseInputs('{"inputs": [{"node_text": "a"}]}', 'inputs.json')).toEqual({
      ok: true,
      inputs: [{ node_text: 'a' }],
    });
  });

  it('reads JSONL and names the bad line', () => {
    expect(parseInputs('{"node_text": "a"}\n\n{"node_text": "b"}\n', 'inputs.jsonl')).toEqual({
      ok: true,
      inputs: [{ node_text: 'a' }, { node_text: 'b' }],
    });
    const bad = parseInputs('{"node_text": "a"}\n{oops\n', 'inputs.jsonl');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problem).toContain('line 2 is not JSON');
  });

  it('explains an input without node_text', () => {
    const bad = parseInputs('- file_path: x.py\n', 'inputs.yaml');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problem).toMatch(/inputs\.yaml: expected a list of inputs .* at 0\.node_text/);
  });

  it('reports YAML syntax errors with their line', () => {
    const bad = parseInputs('- node_text: [unclosed\n- x\n', 'inputs.yaml');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problem).toMatch(/line \d+, column \d+/);
  });
});
