// One tree-sitter per tool worker (issue 28, item 8): each TypeScript tool is bundled on its own, so
// each bundle holds its own copy of lib/python/parser.ts; the grammar must still be loaded (and its
// WebAssembly compiled) once per worker, not once per tool. Real workers, in bubblewrap where it exists.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolLimits } from './protocol';
import { createWorkspaceFolder } from './work-root';
import { pastedFunctionRequest as request } from '../python/testing/tool-request';
import { ToolWorkerPool } from './worker-pool';

const file = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const DOCSTRING_TOOLS = '../../agents/docstring/tools';
const limits: ToolLimits = { timeoutMs: 60_000, maxOutputBytes: 256 * 1024 };

const pool = new ToolWorkerPool({ size: 1 });
const workspaces: string[] = [];
afterAll(async () => {
  await pool.close();
  for (const folder of workspaces) rmSync(folder, { recursive: true, force: true });
});

describe('the Python parser in a tool worker', { timeout: 120_000 }, () => {
  it('is loaded once and shared by two different tools the worker runs', async () => {
    const workspace = await createWorkspaceFolder();
    workspaces.push(workspace);
    const hints = await pool.execute(file(`${DOCSTRING_TOOLS}/read-type-hints.ts`), request(workspace), limits);
    expect(hints.outcome).toBe('success');
    expect(hints.result).toMatchObject({ node: 'area', return_type: 'float' });
    const docstring = await pool.execute(
      file(`${DOCSTRING_TOOLS}/read-current-docstring.ts`),
      request(workspace),
      limits,
    );
    expect(docstring.outcome).toBe('success');
    expect(docstring.result).toMatchObject({ node: 'area', has_docstring: false });
    // The first tool again, after the second one's first parse: the same answer from the shared parser.
    const again = await pool.execute(file(`${DOCSTRING_TOOLS}/read-type-hints.ts`), request(workspace), limits);
    expect({ ...again, durationMs: 0 }).toEqual({ ...hints, durationMs: 0 });
    const counted = await pool.execute(file('../python/testing/grammar-loads-tool.ts'), request(workspace), limits);
    expect(counted.result).toEqual({ loads: 1 });
  });
});
