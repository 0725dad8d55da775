// read_current_file: the target file (or another file of the workspace) as it is now.
import { readFile } from 'node:fs/promises';
import { defineTool } from '../../../lib/tools/define-tool';
import { resolveInsideWorkspace } from '../../../lib/tools/workspace';
import { errorMessage } from '../../../lib/errors';
import { errorOutput, loadTargetSource } from '../../../lib/python/target';

const MAX_CHARACTERS = 60_000;

export default defineTool(import.meta.url, async (args, context) => {
  let name: string;
  let content: string;
  if (typeof args.path === 'string' && args.path.trim() !== '') {
    const resolved = resolveInsideWorkspace(context, args.path);
    if (!resolved.ok) return errorOutput(resolved.error);
    try {
      content = await readFile(resolved.path, 'utf8');
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      return errorOutput(
        `cannot read ${resolved.relative}: ${missing ? 'no such file in the workspace' : errorMessage(error)}`,
      );
    }
    name = resolved.relative;
  } else {
    const loaded = await loadTargetSource(context, { writable: false });
    if (!loaded.ok) return errorOutput(loaded.error);
    name = loaded.value.fileName;
    content = loaded.value.source;
  }
  const lines = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
  const truncated = content.length > MAX_CHARACTERS;
  const shown = truncated ? ` (first ${MAX_CHARACTERS} characters shown)` : '';
  return {
    outcome: 'success',
    result: {
      path: name,
      line_count: lines,
      content: truncated ? content.slice(0, MAX_CHARACTERS) : content,
      truncated,
    },
    summary: `${name}: ${lines} line${lines === 1 ? '' : 's'}${shown}`,
    knowledge_delta: { current_file: name, current_file_lines: lines },
  };
});
