// Where the test agent's tools read and write tests: the path given, the file written earlier, or test_<module>.py.
import type { ToolContext } from '../../../lib/tools/protocol';
import { importedModule, nodeFileStem } from '../../../lib/python/node-files';
import { repositoryLayout } from '../../../lib/tools/workspace';

/** The module a test imports: its file name, or in a repository layout its dotted package path. */
export function targetModule(context: ToolContext): string | null {
  return importedModule(context);
}

/** The test file this conversation works with when no path is given. */
export function defaultTestPath(context: ToolContext): string {
  const written = context.knowledge.test_file_path;
  if (typeof written === 'string' && written !== '') return written;
  // A campaign runs one conversation per node: each writes its own file under tests/ at the
  // repository root (same-name functions add their line), so their changes never collide and pytest
  // runs them from the root.
  if (repositoryLayout(context)) return `tests/test_${nodeFileStem(context, context.nodeName ?? 'node')}.py`;
  return `test_${targetModule(context) ?? 'module'}.py`;
}
