// write_fixture_file: sample calls for the node, written as JSON or YAML by the json and yaml libraries
// and loaded back before the tool reports success.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defineTool } from '../../../lib/tools/define-tool';
import { resolveInsideWorkspace } from '../../../lib/tools/workspace';
import {
  checkAgainstSignature,
  checkFormat,
  fixtureCases,
  readFixtures,
  serializeFixtures,
  verifyRoundTrip,
} from '../../../lib/python/fixtures';
import { nodeFileStem } from '../../../lib/python/node-files';
import { withPythonTree } from '../../../lib/python/parser';
import { readSignature, type Parameter } from '../../../lib/python/signature';
import { chooseDefinition, errorOutput, loadTargetSource } from '../../../lib/python/target';

export default defineTool(import.meta.url, async (args, context) => {
  const format = checkFormat(args.format ?? 'json');
  if (!format.ok) return errorOutput(format.error);
  const fixtures = readFixtures(args.fixtures);
  if (!fixtures.ok) return errorOutput(fixtures.error);

  // The signature is optional: fixtures are still written for code whose node cannot be found.
  let parameters: Parameter[] | null = null;
  let node: string | null = null;
  const loaded = await loadTargetSource(context, { writable: false });
  if (loaded.ok) {
    const found = await withPythonTree(loaded.value.source, (root) => {
      const choice = chooseDefinition(root, context);
      return choice.ok && choice.definition
        ? { node: choice.definition.qualifiedName, parameters: readSignature(root, choice.definition).parameters }
        : null;
    });
    if (found) {
      node = found.node;
      parameters = found.parameters;
    }
  }

  const extension = format.value === 'yaml' ? 'yaml' : 'json';
  const requested =
    typeof args.path === 'string' && args.path.trim() !== ''
      ? args.path
      : `fixtures/${nodeFileStem(context, node)}.${extension}`;
  const resolved = resolveInsideWorkspace(context, requested);
  if (!resolved.ok) return errorOutput(resolved.error);
  const suffix = path.extname(resolved.relative).toLowerCase();
  const allowed = format.value === 'yaml' ? ['.yaml', '.yml'] : ['.json'];
  if (!allowed.includes(suffix))
    return errorOutput(
      `the path "${resolved.relative}" does not end in ${allowed.join(' or ')}, which a ${format.value} file needs`,
    );

  const text = serializeFixtures(fixtures.value, format.value);
  const roundTrip = verifyRoundTrip(fixtures.value, text, format.value);
  if (roundTrip) return errorOutput(`${roundTrip}; nothing was written`);
  const overwritten = await stat(resolved.path).then(
    (info) => info.isFile(),
    () => false,
  );
  await mkdir(path.dirname(resolved.path), { recursive: true });
  await writeFile(resolved.path, text, 'utf8');

  const count = fixtureCases(fixtures.value).length;
  const problems = parameters ? checkAgainstSignature(fixtures.value, parameters) : [];
  const written = `${count} fixture${count === 1 ? '' : 's'}`;
  const next =
    problems.length > 0
      ? `; ${problems.length} problem(s) against the signature, e.g. ${problems[0]}`
      : '; call submit_result';
  return {
    outcome: problems.length === 0 ? 'success' : 'partial',
    result: {
      path: resolved.relative,
      format: format.value,
      fixtures: count,
      overwritten,
      problems: problems.slice(0, 10),
    },
    summary: `${overwritten ? 'overwrote' : 'wrote'} ${written} to ${resolved.relative}${next}`,
    knowledge_delta: {
      fixture_file: resolved.relative,
      fixture_format: format.value,
      fixtures_written: count,
      fixture_problems: problems.length,
    },
  };
});
