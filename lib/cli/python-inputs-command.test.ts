import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { pythonInputsText } from './python-inputs-command';

const root = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));

describe('remora python-inputs', () => {
  it('prints one input per node as YAML', async () => {
    const result = await pythonInputsText(['agents/test/samples/slug.py'], {
      nodeTypes: 'function',
      json: false,
      folder: root,
    });
    if (!result.ok) throw new Error(result.error);
    const inputs = parseYaml(result.text) as { node_name: string; node_type: string; file_path: string }[];
    expect(inputs.map((input) => [input.node_name, input.node_type, input.file_path])).toEqual([
      ['slugify', 'function', 'agents/test/samples/slug.py'],
      ['unique_slug', 'function', 'agents/test/samples/slug.py'],
    ]);
  });

  it('rejects unknown node types and paths without Python code', async () => {
    expect(await pythonInputsText(['agents'], { nodeTypes: 'lambda', json: false })).toMatchObject({
      ok: false,
      error: expect.stringContaining('"lambda"'),
    });
    expect(
      await pythonInputsText([path.join(root, 'no-such-folder')], { nodeTypes: 'function', json: true }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('no Python nodes') });
  });

  // Each agent's inputs.yaml says on its first line how it was made; remaking it must give the same inputs.
  for (const agent of ['lint', 'docstring', 'test', 'sample_data']) {
    it(`keeps agents/${agent}/inputs.yaml in step with its samples`, async () => {
      const text = await readFile(path.join(root, 'agents', agent, 'inputs.yaml'), 'utf8');
      const command = /python-inputs (.+)$/m.exec(text.split('\n')[0])?.[1];
      if (!command) throw new Error('the first line does not name the command');
      const words = command.trim().split(/\s+/);
      const typesAt = words.indexOf('--node-types');
      const nodeTypes = typesAt >= 0 ? words[typesAt + 1] : 'function,method,class';
      const paths = words.filter((_, index) => typesAt < 0 || (index !== typesAt && index !== typesAt + 1));
      const remade = await pythonInputsText(paths, { nodeTypes, json: false, folder: root });
      if (!remade.ok) throw new Error(remade.error);
      expect(parseYaml(text)).toEqual(parseYaml(remade.text));
    });
  }
});
