import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentByName } from '../../db/queries/agents';
import { InputError } from '../../errors';
import { pythonInputs } from './inputs';
import { PythonInputsRequest } from './requests';
import { loadRunnableAgent } from './agents';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
let folder: string;
beforeAll(async () => {
  panel = await openTestPanel({ agents: ['harness', 'docstring'] });
  folder = mkdtempSync(path.join(tmpdir(), 'remora-inputs-'));
  writeFileSync(
    path.join(folder, 'shapes.py'),
    'class Square:\n    def area(self):\n        return self.side ** 2\n\n\ndef unit():\n    return Square()\n',
  );
  writeFileSync(path.join(folder, 'notes.txt'), 'not python');
});
afterAll(async () => {
  await panel?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

const request = (fields: Record<string, unknown>) => PythonInputsRequest.parse(fields);

describe('inputs from Python files', () => {
  it('previews the nodes of a folder without storing anything', async () => {
    const before = getAgentByName(panel.database, 'docstring')!.updatedAt;
    const preview = await pythonInputs(
      panel,
      'docstring',
      request({ paths: [folder, path.join(folder, 'notes.txt'), path.join(folder, 'missing')] }),
    );
    expect(preview.nodes.map((node) => [node.name, node.type, node.startLine, node.endLine])).toEqual([
      ['Square', 'class', 1, 3],
      ['Square.area', 'method', 2, 3],
      ['unit', 'function', 6, 7],
    ]);
    expect(preview.nodes[0].filePath).toBe(path.join(folder, 'shapes.py'));
    expect(preview).toMatchObject({ nodeCount: 3, fileCount: 1, saved: null });
    expect(preview.problems).toHaveLength(2);
    expect(preview.problems.join('\n')).toMatch(/notes\.txt is not a \.py file/);
    expect(getAgentByName(panel.database, 'docstring')!.updatedAt).toBe(before);
  });

  it('replaces the agent’s inputs with them, in its stored definition, and a run uses them', async () => {
    const saved = await pythonInputs(
      panel,
      'docstring',
      request({ paths: [folder], nodeTypes: ['function'], mode: 'replace' }),
    );
    expect(saved.saved).toEqual({ mode: 'replace', inputCount: 1 });
    const definition = getAgentByName(panel.database, 'docstring')!.definition;
    expect(definition.default_inputs).toBeUndefined();
    expect(definition.inputs).toEqual([
      {
        node_text: 'def unit():\n    return Square()',
        file_path: path.join(folder, 'shapes.py'),
        node_name: 'unit',
        node_type: 'function',
      },
    ]);
    const agent = await loadRunnableAgent(panel, 'docstring');
    expect(agent.inputs.map((input) => input.node_name)).toEqual(['unit']);
  });

  it('appends to the inputs it has, with paths relative to the project when inside it', async () => {
    const saved = await pythonInputs(
      panel,
      'docstring',
      request({ paths: ['agents/docstring/samples/geometry.py'], nodeTypes: ['class'], mode: 'append' }),
    );
    const agent = await loadRunnableAgent(panel, 'docstring');
    expect(saved.saved?.inputCount).toBe(agent.inputs.length);
    expect(agent.inputs[0].node_name).toBe('unit');
    expect(
      agent.inputs
        .slice(1)
        .every((input) => input.file_path === 'agents/docstring/samples/geometry.py' && input.node_type === 'class'),
    ).toBe(true);
  });

  it('refuses to save when nothing was found', async () => {
    const error = await pythonInputs(
      panel,
      'harness',
      request({ paths: [path.join(folder, 'notes.txt')], mode: 'replace' }),
    ).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(InputError);
    expect((await loadRunnableAgent(panel, 'harness')).inputs.length).toBeGreaterThan(0);
  });
});
