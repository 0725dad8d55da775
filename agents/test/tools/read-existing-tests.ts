// read_existing_tests: the module's tests already in the workspace (test_<module>.py, tests/test_<module>.py, ...).
import { readFile } from 'node:fs/promises';
import { defineTool } from '../../../lib/tools/define-tool';
import { resolveInsideWorkspace } from '../../../lib/tools/workspace';
import { errorMessage } from '../../../lib/errors';
import { readTestFile, testFileCandidates } from '../../../lib/python/test-files';
import { errorOutput } from '../../../lib/python/target';
import { defaultTestPath, targetModule } from './test-paths';

const MAX_CHARACTERS = 20_000;

export default defineTool(import.meta.url, async (args, context) => {
  const module = targetModule(context);
  const given = typeof args.path === 'string' && args.path.trim() !== '' ? args.path : null;
  if (!context.workspace) return errorOutput('the conversation has no workspace, so there are no test files to read');
  const candidates = given ? [given] : testFileCandidates(module ?? 'module');
  const files: { path: string; tests: string[]; content: string; truncated: boolean }[] = [];
  for (const candidate of candidates) {
    const resolved = resolveInsideWorkspace(context, candidate);
    if (!resolved.ok) return errorOutput(resolved.error);
    let content: string;
    try {
      content = await readFile(resolved.path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        if (given) return errorOutput(`there is no file ${resolved.relative} in the workspace`);
        continue;
      }
      return errorOutput(`cannot read ${resolved.relative}: ${errorMessage(error)}`);
    }
    const facts = await readTestFile(content, module);
    files.push({
      path: resolved.relative,
      tests: facts.tests,
      content: content.slice(0, MAX_CHARACTERS),
      truncated: content.length > MAX_CHARACTERS,
    });
  }
  const count = files.reduce((sum, file) => sum + file.tests.length, 0);
  const suggested = defaultTestPath(context);
  return {
    outcome: 'success',
    result: { files, test_count: count, ...(files.length === 0 ? { suggested_path: suggested } : {}) },
    summary:
      files.length === 0
        ? `no tests yet; write them with write_test_file (they go to ${suggested})`
        : `${count} existing test${count === 1 ? '' : 's'} in ${files.map((file) => file.path).join(', ')}`,
    knowledge_delta: { existing_test_files: files.map((file) => file.path), existing_test_count: count },
  };
});
