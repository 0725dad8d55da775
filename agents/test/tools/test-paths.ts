// Where the test agent's tools read and write tests: the path given, the file written earlier, or test_<module>.py.
import path from 'node:path';
import type { ToolContext } from '../../../lib/tools/protocol';
import { moduleName } from '../../../lib/python/nodes';

export function targetModule(context: ToolContext): string | null {
  return context.filePath ? moduleName(path.basename(context.filePath.replace(/\\/g, '/'))) : null;
}

/** The test file this conversation works with when no path is given. */
export function defaultTestPath(context: ToolContext): string {
  const written = context.knowledge.test_file_path;
  if (typeof written === 'string' && written !== '') return written;
  return `test_${targetModule(context) ?? 'module'}.py`;
}
