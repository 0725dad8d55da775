import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { worksOnPythonNodes } from './python-nodes';

const bundled = (name: string) =>
  parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'agents', name, 'agent.yaml'), 'utf8')) as object;

describe('worksOnPythonNodes', () => {
  it('tells the bundled code agents from the request agents', () => {
    for (const name of ['docstring', 'lint', 'test', 'sample_data'])
      expect(worksOnPythonNodes(bundled(name)), name).toBe(true);
    for (const name of ['smart_home', 'harness']) expect(worksOnPythonNodes(bundled(name)), name).toBe(false);
  });

  it('reads a declared node type list, and is false for a definition without a node context', () => {
    expect(worksOnPythonNodes({ settings: { campaign_node_types: ['module'] } })).toBe(true);
    expect(worksOnPythonNodes({ initial_context: { node_context: 'Request: {{ node_text }}' } })).toBe(false);
    expect(worksOnPythonNodes({ initial_context: { node_context: 'In {{file_path}}' } })).toBe(true);
    expect(worksOnPythonNodes({})).toBe(false);
  });
});
