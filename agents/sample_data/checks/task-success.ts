// The sample_data agent's task success: the fixture file the conversation wrote loads (JSON or YAML
// by its extension) and every sample call in it matches the node's signature.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { defineTool } from '../../../lib/tools/define-tool';
import { resolveInsideWorkspace } from '../../../lib/tools/workspace';
import { checkAgainstSignature, fixtureCases, readFixtures } from '../../../lib/python/fixtures';
import { withPythonTree } from '../../../lib/python/parser';
import { readSignature } from '../../../lib/python/signature';
import { chooseDefinition, errorOutput, loadTargetSource } from '../../../lib/python/target';
import { judged } from '../../../lib/task-success/script-output';
import { errorMessage } from '../../../lib/errors';

export default defineTool(import.meta.url, async (_args, context) => {
  if (!context.workspace) return errorOutput("the sample_data check needs the conversation's workspace");
  const written = context.knowledge.fixture_file;
  if (typeof written !== 'string' || written === '') return judged(false, 'no fixture file was written');
  const resolved = resolveInsideWorkspace(context, written);
  if (!resolved.ok) return judged(false, resolved.error);
  let data: unknown;
  try {
    const text = await readFile(resolved.path, 'utf8');
    data =
      path.extname(resolved.relative).toLowerCase() === '.json'
        ? JSON.parse(text)
        : parseYaml(text, { version: '1.1' });
  } catch (error) {
    return judged(false, `${resolved.relative} does not load: ${errorMessage(error).split('\n')[0]}`);
  }
  const fixtures = readFixtures(data);
  if (!fixtures.ok) return judged(false, `${resolved.relative}: ${fixtures.error}`);
  const count = fixtureCases(fixtures.value).length;
  if (count === 0) return judged(false, `${resolved.relative} holds no sample call`);

  const loaded = await loadTargetSource(context, { writable: false });
  if (!loaded.ok) return errorOutput(loaded.error);
  const signature = await withPythonTree(loaded.value.source, (root) => {
    const choice = chooseDefinition(root, context);
    return choice.ok && choice.definition ? readSignature(root, choice.definition) : null;
  });
  if (!signature) return errorOutput('the node whose signature the fixtures must match cannot be found');
  const problems = checkAgainstSignature(fixtures.value, signature.parameters);
  const details = { fixture_file: resolved.relative, fixtures: count, problems: problems.slice(0, 10) };
  if (problems.length > 0)
    return judged(false, `${problems.length} problem(s) against the signature, e.g. ${problems[0]}`, details);
  return judged(true, `${count} sample call(s) in ${resolved.relative} load and match the signature`, details);
});
