// `remora python-inputs PATH...`: experiment inputs from Python nodes, printed as YAML (or JSON) for an inputs file.
import path from 'node:path';
import { stringify } from 'yaml';
import { inputsFromPython, parseNodeTypes } from '../python/files';

/** `folder`: where relative paths start and what input paths are written relative to (default: the current folder). */
export type PythonInputsOptions = { nodeTypes: string; json: boolean; folder?: string };

export async function pythonInputsText(
  paths: string[],
  options: PythonInputsOptions,
): Promise<{ ok: true; text: string; problems: string[] } | { ok: false; error: string }> {
  const types = parseNodeTypes(options.nodeTypes);
  if (!types.ok) return { ok: false, error: `--node-types: ${types.error}` };
  const folder = path.resolve(options.folder ?? process.cwd());
  const { inputs, problems } = await inputsFromPython(
    paths.map((given) => path.resolve(folder, given)),
    { nodeTypes: types.types, relativeTo: folder },
  );
  if (inputs.length === 0)
    return { ok: false, error: ['no Python nodes found in the given paths', ...problems].join('\n  - ') };
  const text = options.json ? `${JSON.stringify(inputs, null, 2)}\n` : stringify(inputs, { lineWidth: 0 });
  return { ok: true, text, problems };
}

export async function runPythonInputsCommand(paths: string[], options: PythonInputsOptions): Promise<number> {
  const result = await pythonInputsText(paths, options);
  if (!result.ok) {
    process.stderr.write(`error: ${result.error}\n`);
    return 2;
  }
  for (const problem of result.problems) process.stderr.write(`warning: ${problem}\n`);
  process.stdout.write(result.text);
  return 0;
}
