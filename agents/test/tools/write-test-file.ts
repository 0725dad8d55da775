// write_test_file: writes a pytest file inside the workspace (never the module under test), refusing text that does not
// parse.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defineTool } from '../../../lib/tools/define-tool';
import { resolveInsideWorkspace, resolveTargetFile } from '../../../lib/tools/workspace';
import { describeSyntaxProblems } from '../../../lib/python/parser';
import { isTestFileName, readTestFile } from '../../../lib/python/test-files';
import { errorOutput } from '../../../lib/python/target';
import { defaultTestPath, targetModule } from './test-paths';

export default defineTool(import.meta.url, async (args, context) => {
  const content = typeof args.content === 'string' ? args.content : '';
  if (content.trim() === '')
    return errorOutput('content is empty: give the whole test file (imports and test_ functions)');
  const requested = typeof args.path === 'string' && args.path.trim() !== '' ? args.path : defaultTestPath(context);
  const resolved = resolveInsideWorkspace(context, requested);
  if (!resolved.ok) return errorOutput(resolved.error);
  if (!isTestFileName(resolved.relative))
    return errorOutput(`"${resolved.relative}" is not a test file name pytest collects; use test_<name>.py`);
  const target = context.filePath ? resolveTargetFile(context) : null;
  if (target?.ok && target.path === resolved.path)
    return errorOutput('that path is the module under test; write the tests to their own file');

  const module = targetModule(context);
  const facts = await readTestFile(content, module);
  if (facts.problems.length > 0)
    return errorOutput(`the test file does not parse (${describeSyntaxProblems(facts.problems)}); nothing was written`);
  const overwritten = await stat(resolved.path).then(
    (info) => info.isFile(),
    () => false,
  );
  await mkdir(path.dirname(resolved.path), { recursive: true });
  await writeFile(resolved.path, content.endsWith('\n') ? content : `${content}\n`, 'utf8');
  const count = facts.tests.length;
  const hints: string[] = [];
  if (count === 0) hints.push('it defines no test_ functions, so pytest will find nothing');
  if (module && !facts.importsModule) hints.push(`it does not import ${module} (use: from ${module} import ...)`);
  return {
    outcome: count === 0 ? 'partial' : 'success',
    result: {
      path: resolved.relative,
      overwritten,
      test_count: count,
      tests: facts.tests,
      imports_module: facts.importsModule,
    },
    summary:
      `${overwritten ? 'overwrote' : 'wrote'} ${resolved.relative} with ${count} test${count === 1 ? '' : 's'}` +
      (hints.length > 0 ? `; ${hints.join('; ')}` : '; now call run_tests'),
    knowledge_delta: { test_file_path: resolved.relative, tests_written: count },
  };
});
