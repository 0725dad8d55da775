// Where the test agent's tools read and write tests: the path given, the file written earlier, or test_<module>.py.
import path from 'node:path';
import type { ToolContext } from '../../../lib/tools/protocol';
import { moduleName } from '../../../lib/python/nodes';
import { packageModule } from '../../../lib/python/target';
import { repositoryLayout } from '../../../lib/tools/workspace';

/** The module a test imports: its file name, or in a repository layout its dotted package path. */
export function targetModule(context: ToolContext): string | null {
  if (!context.filePath) return null;
  const normalized = context.filePath.replace(/\\/g, '/');
  if (repositoryLayout(context) && context.workspace) return packageModule(context.workspace, normalized);
  return moduleName(path.basename(normalized));
}

/** The test file this conversation works with when no path is given. */
export function defaultTestPath(context: ToolContext): string {
  const written = context.knowledge.test_file_path;
  if (typeof written === 'string' && written !== '') return written;
  const module = targetModule(context) ?? 'module';
  // A campaign runs one conversation per function: each writes its own file under tests/ at the
  // repository root, so their changes never collide and pytest runs them from the root.
  if (repositoryLayout(context))
    return `tests/test_${module.replace(/\./g, '_')}_${(context.nodeName ?? 'node').replace(/\W+/g, '_')}.py`;
  return `test_${module}.py`;
}
