// What a sandbox holds, tried for real: hostile tool code (an imported agent's module in a worker,
// its Python script per call) and hostile programs (a model's tests) try to write outside, read
// secrets, reach the network, and use up processes, memory and CPU.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolRequest } from '../protocol';
import { leakedSecrets, setTrap, trapState, type Trap } from '../testing/trap';
import { createWorkspaceFolder } from '../work-root';
import { ToolWorkerPool } from '../worker-pool';
import { sandboxHost } from './host';
import { runConfined } from './run-confined';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const limits = { timeoutMs: 30_000, maxOutputBytes: 256 * 1024 };

let trap: Trap;
let workspace: string;
const savedEnvironment = { ...process.env };
beforeEach(async () => {
  trap = await setTrap();
  // The secrets are in this process's environment, as they would be in the CLI's or the panel's.
  Object.assign(process.env, trap.env);
  workspace = await createWorkspaceFolder();
});
afterEach(async () => {
  for (const name of Object.keys(trap.env)) {
    if (savedEnvironment[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnvironment[name];
  }
  await trap.close();
  await rm(workspace, { recursive: true, force: true });
});

function attack(): ToolRequest {
  return {
    arguments: { outside: trap.outsideFile, secretFile: trap.secretFile, port: trap.port },
    context: { workspace, filePath: null, nodeText: '', nodeName: null, nodeType: null, settings: {}, knowledge: {} },
  };
}

describe('the sandbox on this machine', () => {
  it('is bubblewrap (CI installs it; without it these guarantees do not hold)', () => {
    expect(sandboxHost()).toMatchObject({ confinement: 'bubblewrap', unavailableReason: null });
  });
});

describe('hostile tool code', () => {
  let pool: ToolWorkerPool;
  let agentFolder: string;
  beforeAll(async () => {
    pool = new ToolWorkerPool({ size: 1 });
    // An imported agent's folder outside the project, as the pool meets one.
    agentFolder = await mkdtemp(path.join(os.tmpdir(), 'remora-agent-'));
    await chmod(agentFolder, 0o755);
    await writeFile(path.join(agentFolder, 'escape-tool.py'), await readFile(fixture('escape-tool.py')));
  });
  afterAll(async () => {
    await pool.close();
    await rm(agentFolder, { recursive: true, force: true });
  });

  it("a worker's JavaScript tool and its shell write nothing outside, read no secret, reach nothing", async () => {
    const execution = await pool.execute(fixture('escape-tool.ts'), attack(), limits);
    expect(execution.outcome).toBe('success');
    const result = execution.result as Record<string, string>;
    expect(result.write).toMatch(/^refused:(ENOENT|EROFS|EACCES)/);
    expect(result.read).toMatch(/^refused:(ENOENT|EACCES)/);
    expect(result.connect).toMatch(/^refused:(ECONNREFUSED|ENETUNREACH)/);
    expect(result.shell).toBe('ok:blocked');
    expect(leakedSecrets(trap, [JSON.stringify(execution)])).toEqual([]);
    expect(trapState(trap)).toEqual({ outsideFileExists: false, victimIntact: true, connections: 0 });
  });

  it('a Python tool script run per call is confined the same way', async () => {
    const execution = await pool.execute(path.join(agentFolder, 'escape-tool.py'), attack(), limits);
    expect(execution.outcome).toBe('success');
    const result = execution.result as Record<string, string>;
    expect(result.write).toMatch(/^refused:(FileNotFoundError|PermissionError|OSError)/);
    expect(result.read).toMatch(/^refused:(FileNotFoundError|PermissionError)/);
    expect(result.connect).toMatch(/^refused:(ConnectionRefusedError|OSError)/);
    expect(leakedSecrets(trap, [JSON.stringify(execution)])).toEqual([]);
    expect(trapState(trap)).toEqual({ outsideFileExists: false, victimIntact: true, connections: 0 });
  });
});

function python(code: string, options: Partial<Parameters<typeof runConfined>[0]> = {}) {
  return runConfined({
    program: 'python',
    args: ['-c', code],
    cwd: workspace,
    writable: [workspace],
    timeoutMs: 30_000,
    ...options,
  });
}

describe('limits on a confined program', () => {
  it('stops a fork bomb at the process limit', async () => {
    const run = await python(
      [
        'import os, time',
        'count = 0',
        'try:',
        '    for _ in range(500):',
        '        if os.fork() == 0:',
        '            time.sleep(5); os._exit(0)',
        '        count += 1',
        'except OSError:',
        '    pass',
        'print(count)',
      ].join('\n'),
      { limits: { processes: 20 } },
    );
    if (!run.ok) throw new Error(run.error);
    const forked = Number(run.stdout.trim().split('\n').pop());
    expect(forked).toBeGreaterThan(0);
    expect(forked).toBeLessThan(20);
  });

  it('refuses memory past the limit', async () => {
    const run = await python('data = bytearray(600 * 1024 * 1024)\nprint("allocated")', {
      limits: { memoryBytes: 256 * 1024 * 1024 },
    });
    if (!run.ok) throw new Error(run.error);
    expect(run.stdout).not.toContain('allocated');
    expect(run.stderr).toContain('MemoryError');
  });

  it('stops a program past its CPU time', async () => {
    const run = await python('while True:\n    pass', { limits: { cpuSeconds: 1 } });
    if (!run.ok) throw new Error(run.error);
    expect(run.timedOut).toBe(false);
    expect(
      run.signal === 'SIGKILL' || run.signal === 'SIGXCPU' || run.exitCode === 128 + 24 || run.exitCode === 128 + 9,
    ).toBe(true);
  });

  it('writes its workspace and a private /tmp, nothing else', async () => {
    const run = await python(
      [
        'import os',
        'open("made.txt", "w").write("in the workspace")',
        'open("/tmp/scratch", "w").write("private")',
        'print(sorted(os.listdir("/")))',
        'print(os.path.exists(os.path.expanduser("~/.ssh")))',
      ].join('\n'),
    );
    if (!run.ok) throw new Error(run.error);
    expect(run.exitCode).toBe(0);
    expect(await readFile(path.join(workspace, 'made.txt'), 'utf8')).toBe('in the workspace');
    // No home folder, no /work, no /root beyond the interpreter's own folders.
    expect(run.stdout).not.toContain("'home'");
    expect(run.stdout).not.toContain("'work'");
  });
});
