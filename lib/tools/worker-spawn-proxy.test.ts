// A tool worker (possibly an imported agent's hostile code) asks the pool to run a program: the
// pool refuses anything that would reach past the call's own workspace, whatever the worker says.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWorkspaceFolder } from './work-root';
import { serveSpawn, type SpawnCall } from './worker-spawn-proxy';

let workspace: string;
let other: string;
let call: SpawnCall;
beforeEach(async () => {
  workspace = await createWorkspaceFolder();
  // Another conversation's workspace, and a folder of the user's.
  other = await createWorkspaceFolder();
  call = { workspace, allowUnconfined: false, remainingMs: 20_000, signal: new AbortController().signal };
});
afterEach(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(other, { recursive: true, force: true });
});

const run = (fields: Record<string, unknown>) =>
  serveSpawn(
    {
      program: 'python',
      args: ['-c', 'print(1)'],
      cwd: workspace,
      writable: [workspace],
      timeoutMs: 10_000,
      ...fields,
    } as never,
    call,
  );

describe('a program a worker asks for', () => {
  it('writes no more into the workspace than the call allows, whatever limit the worker asks for', async () => {
    const MiB = 1024 * 1024;
    const fill = ['-c', 'for i in range(16): open(f"junk-{i}.bin", "wb").write(b"x" * 2**20)'];
    call = { ...call, workspaceBytes: 8 * MiB };
    for (const limits of [undefined, { workspaceBytes: 64 * MiB }]) {
      const result = await run({ args: fill, limits });
      expect(result).toMatchObject({ ok: true, workspaceFull: true });
    }
  }, 60_000);

  it('runs in its own call’s workspace', async () => {
    expect(await run({})).toMatchObject({ ok: true, exitCode: 0, stdout: '1\n' });
  });

  it('is refused for writing or starting elsewhere, through a link too, or for an unknown interpreter', async () => {
    const user = mkdtempSync(path.join(os.tmpdir(), 'remora-user-'));
    try {
      symlinkSync(user, path.join(workspace, 'out'));
      const refusals = [
        await run({ writable: [other] }),
        await run({ writable: [workspace, user] }),
        await run({ writable: [path.join(workspace, 'out')] }),
        await run({ cwd: other }),
        await run({ writable: [] }),
        await run({ program: '/bin/sh' }),
        await serveSpawn(
          { program: 'python', args: [], cwd: workspace, writable: [workspace], timeoutMs: 1000 },
          { ...call, workspace: null },
        ),
      ];
      for (const refusal of refusals) expect(refusal.ok).toBe(false);
      expect(refusals.map((refusal) => (refusal.ok ? '' : refusal.error))).toEqual([
        'the writable folders must be inside the call’s workspace',
        'the writable folders must be inside the call’s workspace',
        'the writable folders must be inside the call’s workspace',
        'the working folder must be inside the call’s workspace',
        'the writable folders must be inside the call’s workspace',
        'the program must be one of python, bash',
        'this call has no workspace, so nothing can be run for it',
      ]);
    } finally {
      rmSync(user, { recursive: true, force: true });
    }
  });
});
