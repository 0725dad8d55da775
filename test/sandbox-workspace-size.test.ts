// A tool process that writes twice its workspace's size limit, in files each under the per-file
// limit: the call ends as a tool error naming the limit, and the host's copy of the workspace holds
// no more than the limit. Real bubblewrap, real prlimit, a real Python tool.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPytest } from '../lib/python/pytest';
import { runSpawnedTool } from '../lib/tools/spawn-tool';
import type { ToolRequest } from '../lib/tools/protocol';

const folder = mkdtempSync(path.join(tmpdir(), 'remora-workspace-size-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const MiB = 1024 * 1024;
const LIMIT = 8 * MiB;

/** Bytes of every file under a folder. */
function sizeOf(root: string): number {
  let total = 0;
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  return total;
}

/** A Python tool whose body is `lines`, run once on a fresh workspace holding target.py. */
async function runTool(name: string, lines: string[]) {
  const agent = path.join(folder, name, 'agent');
  const workspace = path.join(folder, name, 'workspace');
  for (const dir of [agent, workspace]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(workspace, 'target.py'), 'x = 1\n');
  const script = path.join(agent, 'fill.py');
  writeFileSync(script, ['import json', ...lines, ''].join('\n'));
  const request: ToolRequest = { arguments: {}, context: { workspace } as ToolRequest['context'] };
  const limits = { timeoutMs: 60_000, maxOutputBytes: 64 * 1024, workspaceBytes: LIMIT };
  return { workspace, execution: await runSpawnedTool(script, request, limits) };
}

describe('a bounded workspace', () => {
  it('a tool that writes twice the limit gets a tool error naming it; the host keeps at most the limit', async () => {
    const { workspace, execution } = await runTool('fill', [
      'for index in range(16):',
      '    with open(f"junk-{index}.bin", "wb") as out:',
      '        out.write(b"x" * (1024 * 1024))',
      'print(json.dumps({"outcome": "success", "result": "written"}))',
    ]);
    expect(execution.outcome).toBe('error');
    expect(execution.error).toMatch(/workspace is over its size limit of 8 MiB/);
    expect(sizeOf(workspace)).toBeLessThanOrEqual(LIMIT);
  }, 120_000);

  it('a tool within the limit keeps its changes in the workspace', async () => {
    const { workspace, execution } = await runTool('edit', [
      'with open("target.py", "a") as out:',
      '    out.write("y = 2\\n")',
      'print(json.dumps({"outcome": "success", "result": "edited"}))',
    ]);
    expect(execution, JSON.stringify(execution)).toMatchObject({ outcome: 'success', result: 'edited' });
    expect(readFileSync(path.join(workspace, 'target.py'), 'utf8')).toBe('x = 1\ny = 2\n');
  }, 120_000);

  it('model-written tests that write twice the limit: pytest fails naming the limit', async () => {
    const workspace = path.join(folder, 'pytest');
    mkdirSync(workspace);
    writeFileSync(
      path.join(workspace, 'test_fill.py'),
      [
        'def test_fill():',
        '    for index in range(16):',
        '        open(f"junk-{index}.bin", "wb").write(b"x" * 2**20)',
        '',
      ].join('\n'),
    );
    const run = await runPytest({ folder: workspace, targets: ['test_fill.py'], workspaceBytes: LIMIT });
    expect(run).toMatchObject({
      ok: false,
      error: 'pytest: the workspace is over its size limit of 8 MiB: what the program wrote was kept up to the limit',
    });
    expect(sizeOf(workspace)).toBeLessThanOrEqual(LIMIT);
  }, 120_000);
});
