// Warming a conversation's tool worker (issue 28, item 8): ToolWorkerPool.warm starts the worker of a
// workspace and loads its tools before any call, the first call then goes to that worker, and
// release() stops it whether it served calls, was never used, or was still starting. Real workers,
// in bubblewrap where it exists.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolLimits, ToolRequest } from './protocol';
import { createWorkspaceFolder } from './work-root';
import { liveWorkerProcesses, watchWorkers } from './testing/worker-events';
import { ToolWorkerPool } from './worker-pool';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const limits: ToolLimits = { timeoutMs: 60_000, maxOutputBytes: 256 * 1024 };
const request = (workspace: string | null): ToolRequest => ({
  arguments: { value: 1 },
  context: { workspace, filePath: null, nodeText: 'n', nodeName: null, nodeType: null, settings: {}, knowledge: {} },
});
const TOOLS = [fixture('loaded-tool.ts'), fixture('warm-tool.ts')];

const watch = watchWorkers;
const liveWorkers = liveWorkerProcesses;

let pool: ToolWorkerPool | undefined;
const workspaces: string[] = [];
const workspace = async () => {
  const folder = await createWorkspaceFolder();
  workspaces.push(folder);
  return folder;
};
afterEach(async () => {
  await pool?.close();
  pool = undefined;
  for (const folder of workspaces.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('ToolWorkerPool.warm', () => {
  it('starts the workspace worker before any call and loads its tools; the first call goes to it', async () => {
    const watched = watch();
    pool = new ToolWorkerPool({ size: 2, onWorker: watched.onWorker });
    const folder = await workspace();
    pool.warm(TOOLS, folder);
    // Started at once, not at the first call.
    expect(watched.starts()).toEqual([{ type: 'start', workspace: folder, pid: expect.any(Number) }]);
    await watched.next('loaded');
    const execution = await pool.execute(fixture('loaded-tool.ts'), request(folder), limits);
    expect(execution.outcome).toBe('success');
    // warm-tool.ts was never called: it is loaded because warm() asked for it.
    expect([...(execution.result as { loaded: string[] }).loaded].sort()).toEqual(['loaded-tool', 'warm-tool']);
    expect(watched.starts()).toHaveLength(1);
  });

  it('gives the same results as a worker started by the call', async () => {
    pool = new ToolWorkerPool({ size: 2 });
    const cold = await pool.execute(fixture('warm-tool.ts'), request(await workspace()), limits);
    const folder = await workspace();
    pool.warm(TOOLS, folder);
    const warmed = await pool.execute(fixture('warm-tool.ts'), request(folder), limits);
    expect({ ...warmed, durationMs: 0 }).toEqual({ ...cold, durationMs: 0 });
    expect(warmed.outcome).toBe('success');
  });

  it('stops a warmed worker that served no call on release, leaving no process', async () => {
    const watched = watch();
    pool = new ToolWorkerPool({ size: 2, onWorker: watched.onWorker });
    const folder = await workspace();
    pool.warm(TOOLS, folder);
    await watched.next('ready');
    expect(liveWorkers().length).toBeGreaterThan(0);
    await pool.release(folder);
    expect(pool.workerCount).toBe(0);
    await expect.poll(liveWorkers, { timeout: 30_000 }).toEqual([]);
  });

  it('stops a worker still starting on release (a conversation that ended at once), and keeps serving', async () => {
    const watched = watch();
    pool = new ToolWorkerPool({ size: 1, onWorker: watched.onWorker });
    const folder = await workspace();
    pool.warm(TOOLS, folder);
    await pool.release(folder);
    expect(pool.workerCount).toBe(0);
    await expect.poll(liveWorkers, { timeout: 30_000 }).toEqual([]);
    // The pool's one slot is free again for the next conversation.
    const next = await pool.execute(fixture('warm-tool.ts'), request(await workspace()), limits);
    expect(next.outcome).toBe('success');
  });

  it('stops a worker that served calls on release, without waiting for its idle time', async () => {
    pool = new ToolWorkerPool({ size: 2, idleMs: 3_600_000 });
    const folder = await workspace();
    pool.warm(TOOLS, folder);
    expect((await pool.execute(fixture('warm-tool.ts'), request(folder), limits)).outcome).toBe('success');
    expect(pool.workerCount).toBe(1);
    await pool.release(folder);
    expect(pool.workerCount).toBe(0);
    await expect.poll(liveWorkers, { timeout: 30_000 }).toEqual([]);
  });

  it('starts nothing without a workspace, for scripts run one process per call, twice, or in a full pool', async () => {
    const watched = watch();
    pool = new ToolWorkerPool({ size: 1, onWorker: watched.onWorker });
    pool.warm(TOOLS, null);
    const folder = await workspace();
    pool.warm([fixture('escape-tool.py')], folder);
    expect(watched.events).toEqual([]);
    pool.warm(TOOLS, folder);
    pool.warm(TOOLS, folder);
    expect(watched.starts()).toHaveLength(1);
    // The one slot is taken by the first conversation's worker: the second's call will start its own.
    pool.warm(TOOLS, await workspace());
    expect(watched.starts()).toHaveLength(1);
  });
});
