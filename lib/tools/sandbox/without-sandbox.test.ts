// Where bubblewrap is missing (here: REMORA_BWRAP set empty, as a machine without it looks), a
// program for the model is refused unless the user opted in, and even then gets none of Remora's
// environment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resetSandboxHost, sandboxHost } from './host';
import { runConfined } from './run-confined';

let folder: string;
const before = process.env.REMORA_BWRAP;
beforeAll(async () => {
  process.env.REMORA_BWRAP = '';
  process.env.REMORA_TEST_SECRET = 'secret-in-remora-environment';
  resetSandboxHost();
  folder = await mkdtemp(path.join(os.tmpdir(), 'remora-unconfined-'));
});
afterAll(async () => {
  if (before === undefined) delete process.env.REMORA_BWRAP;
  else process.env.REMORA_BWRAP = before;
  delete process.env.REMORA_TEST_SECRET;
  resetSandboxHost();
  await rm(folder, { recursive: true, force: true });
});

const printEnvironment = () => ({
  program: 'python' as const,
  args: ['-c', 'import os; print(sorted(os.environ))'],
  cwd: folder,
  writable: [folder],
  timeoutMs: 30_000,
});

describe('without a sandbox', () => {
  it('says why there is none', () => {
    expect(sandboxHost()).toMatchObject({
      confinement: 'none',
      unavailableReason: 'REMORA_BWRAP is set to an empty value',
    });
  });

  it('refuses to run a program for the model unless allowed, and says how to allow it', async () => {
    const run = await runConfined(printEnvironment());
    expect(run).toMatchObject({ ok: false, confinement: 'none' });
    expect(!run.ok && run.error).toContain('--unsafe-no-sandbox');
  });

  it('runs it when the user opted in, still with a scrubbed environment', async () => {
    const run = await runConfined({ ...printEnvironment(), allowUnconfined: true });
    if (!run.ok) throw new Error(run.error);
    expect(run).toMatchObject({ confinement: 'none', exitCode: 0 });
    expect(run.stdout).toContain("'PATH'");
    expect(run.stdout).not.toContain('REMORA_TEST_SECRET');
  });
});
