import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolContext, ToolLimits, ToolRequest } from './protocol';
import { ToolWorkerPool, isModuleScript } from './worker-pool';
import { HARNESS_PURE_TOOLS } from '../../agents/harness/pure-tools';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

const context: ToolContext = {
  workspace: null,
  filePath: null,
  nodeText: 'the node',
  nodeName: null,
  nodeType: null,
  settings: {},
  knowledge: {},
};
const request = (args: Record<string, unknown> = {}): ToolRequest => ({ arguments: args, context });
const limits: ToolLimits = { timeoutMs: 10_000, maxOutputBytes: 256 * 1024 };

let pool: ToolWorkerPool;
afterEach(async () => {
  await pool?.close();
});

describe('ToolWorkerPool', () => {
  it('runs a tool module and returns its output with a duration', async () => {
    pool = new ToolWorkerPool({ size: 2 });
    const execution = await pool.execute(fixture('echo-tool.ts'), request({ value: 42 }), limits);
    expect(execution.errorKind).toBeUndefined();
    expect(execution.outcome).toBe('success');
    expect(execution.result).toMatchObject({ args: { value: 42 }, nodeText: 'the node' });
    expect(execution.knowledge_delta).toEqual({ seen: 42 });
    expect(execution.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('reuses the same worker process for consecutive calls', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const first = await pool.execute(fixture('echo-tool.ts'), request(), limits);
    const second = await pool.execute(fixture('echo-tool.ts'), request(), limits);
    expect((first.result as { worker: string }).worker).toBe((second.result as { worker: string }).worker);
    expect((first.result as { pid: number }).pid).not.toBe(process.pid);
  });

  it('kills a call that runs past its time limit and keeps serving afterwards', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const before = await pool.execute(fixture('echo-tool.ts'), request(), limits);
    const timedOut = await pool.execute(fixture('sleep-tool.ts'), request(), { ...limits, timeoutMs: 300 });
    expect(timedOut).toMatchObject({
      outcome: 'error',
      errorKind: 'tool_timeout',
      error: 'tool "sleep-tool.ts" timed out after 300 ms',
    });
    const after = await pool.execute(fixture('echo-tool.ts'), request(), limits);
    expect(after.outcome).toBe('success');
    // The worker that hung was replaced by a new process.
    expect((after.result as { worker: string }).worker).not.toBe((before.result as { worker: string }).worker);
  });

  it('reports a tool that exits the process and replaces the worker', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const crashed = await pool.execute(fixture('exit-tool.ts'), request({ code: 7 }), limits);
    expect(crashed.outcome).toBe('error');
    expect(crashed.errorKind).toBe('tool_failed');
    expect(crashed.error).toContain('tool process exited with code 7');
    expect(crashed.error).toContain('about to exit on purpose');
    const after = await pool.execute(fixture('echo-tool.ts'), request(), limits);
    expect(after.outcome).toBe('success');
  });

  it('reports an uncaught asynchronous error as a crash', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const crashed = await pool.execute(fixture('crash-later-tool.ts'), request(), limits);
    expect(crashed.errorKind).toBe('tool_failed');
    expect(crashed.error).toContain('tool process exited with code 1');
    expect(crashed.error).toContain('asynchronous failure nobody awaited');
  });

  it('turns a thrown error into tool_failed with its message', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const failed = await pool.execute(fixture('throw-tool.ts'), request(), limits);
    expect(failed).toMatchObject({ outcome: 'error', errorKind: 'tool_failed' });
    expect(failed.error).toContain('the fixture tool refused');
  });

  it('rejects a return value that is not a tool result', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const invalid = await pool.execute(fixture('garbage-tool.ts'), request(), limits);
    expect(invalid).toMatchObject({ outcome: 'error', errorKind: 'tool_output_invalid' });
    expect(invalid.error).toContain('outcome');
  });

  it('rejects output larger than the limit and accepts output under it', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const large = await pool.execute(fixture('large-tool.ts'), request({ bytes: 5000 }), {
      ...limits,
      maxOutputBytes: 4096,
    });
    expect(large).toMatchObject({ outcome: 'error', errorKind: 'tool_output_too_large' });
    expect(large.error).toMatch(/produced \d+ bytes of output; the limit is 4096 bytes/);
    const small = await pool.execute(fixture('large-tool.ts'), request({ bytes: 3000 }), {
      ...limits,
      maxOutputBytes: 4096,
    });
    expect(small.outcome).toBe('success');
  });

  it('keeps the protocol intact when a tool writes to stdout', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const execution = await pool.execute(fixture('noisy-tool.ts'), request({ a: 1 }), limits);
    expect(execution).toMatchObject({ outcome: 'partial', result: 'still fine', summary: 'logged a lot' });
    expect(execution.errorKind).toBeUndefined();
  });

  it('reports a module without a default export', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const execution = await pool.execute(fixture('no-default.ts'), request(), limits);
    expect(execution.errorKind).toBe('tool_failed');
    expect(execution.error).toContain('no default export');
  });

  it('reports a script that does not exist', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const execution = await pool.execute(fixture('missing-tool.ts'), request(), limits);
    expect(execution.errorKind).toBe('tool_failed');
    // A TypeScript tool is bundled by the pool's process before a worker imports it: that step finds it missing.
    expect(execution.error).toMatch(/could not compile tool "missing-tool\.ts": .*no such file/);
  });

  it('cancels a running call when its signal aborts, killing its worker', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const warm = await pool.execute(fixture('echo-tool.ts'), request(), limits);
    const controller = new AbortController();
    // The worker is idle and ready, and a JavaScript tool needs no bundling, so the call is handed to it at once
    // and is running when the abort comes.
    const running = pool.execute(fixture('hang-tool.mjs'), request(), limits, controller.signal);
    controller.abort();
    const cancelled = await running;
    expect(cancelled).toMatchObject({
      outcome: 'error',
      errorKind: 'tool_failed',
      error: 'tool "hang-tool.mjs" was cancelled',
    });
    const after = await pool.execute(fixture('echo-tool.ts'), request(), limits);
    expect(after.outcome).toBe('success');
    expect((after.result as { worker: string }).worker).not.toBe((warm.result as { worker: string }).worker);
  });

  it('does not start a call whose signal has already aborted', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const controller = new AbortController();
    controller.abort();
    const cancelled = await pool.execute(fixture('echo-tool.ts'), request(), limits, controller.signal);
    expect(cancelled.error).toContain('was cancelled');
  });

  it('cancels a queued call without disturbing the running one', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    const controller = new AbortController();
    const running = pool.execute(fixture('sleep-tool.ts'), request({ ms: 200 }), limits);
    const queued = pool.execute(fixture('echo-tool.ts'), request(), limits, controller.signal);
    controller.abort();
    expect((await queued).error).toContain('was cancelled');
    expect((await running).outcome).toBe('success');
  });

  it('answers 200 concurrent calls correctly over 4 workers', async () => {
    pool = new ToolWorkerPool({ size: 4 });
    const calls = Array.from({ length: 200 }, (_, index) =>
      pool.execute(fixture('echo-tool.ts'), request({ value: index }), limits),
    );
    const executions = await Promise.all(calls);
    executions.forEach((execution, index) => {
      expect(execution.outcome).toBe('success');
      expect((execution.result as { args: { value: number } }).args.value).toBe(index);
    });
    const processes = new Set(executions.map((execution) => (execution.result as { worker: string }).worker));
    expect(processes.size).toBeLessThanOrEqual(4);

    // Informational only: warm round trips, one at a time and in a concurrent batch.
    const sequentialStart = performance.now();
    for (let index = 0; index < 200; index++)
      await pool.execute(fixture('echo-tool.ts'), request({ value: index }), limits);
    const sequentialMean = (performance.now() - sequentialStart) / 200;
    const batchStart = performance.now();
    await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        pool.execute(fixture('echo-tool.ts'), request({ value: index }), limits),
      ),
    );
    const batchPerCall = (performance.now() - batchStart) / 200;
    console.log(
      `warm pooled tool call: ${sequentialMean.toFixed(3)} ms mean round trip (sequential), ` +
        `${batchPerCall.toFixed(3)} ms per call in a batch of 200 over 4 workers`,
    );
  });

  it('fails every call after close', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    await pool.execute(fixture('echo-tool.ts'), request(), limits);
    await pool.close();
    const execution = await pool.execute(fixture('echo-tool.ts'), request(), limits);
    expect(execution).toMatchObject({ outcome: 'error', errorKind: 'tool_failed', error: 'the tool pool is closed' });
  });

  it('fails the running and the queued calls when the pool closes', async () => {
    pool = new ToolWorkerPool({ size: 1 });
    await pool.execute(fixture('echo-tool.ts'), request(), limits);
    // The warm worker takes the first call at once; the second waits in the queue.
    const running = pool.execute(fixture('sleep-tool.ts'), request(), limits);
    const queued = pool.execute(fixture('echo-tool.ts'), request(), limits);
    await pool.close();
    expect((await running).error).toBe('the tool pool was closed');
    expect((await queued).error).toBe('the tool pool was closed');
  });
});

describe('isModuleScript', () => {
  it('sends JavaScript and TypeScript modules to the pool and everything else to a process', () => {
    expect(isModuleScript('/a/tool.ts')).toBe(true);
    expect(isModuleScript('/a/tool.mjs')).toBe(true);
    expect(isModuleScript('/a/tool.js')).toBe(true);
    expect(isModuleScript('/a/tool.py')).toBe(false);
    expect(isModuleScript('/a/tool.sh')).toBe(false);
    expect(isModuleScript('/a/tool')).toBe(false);
  });
});

describe('workers on demand', () => {
  it('starts no worker until a call needs one, and lets an idle worker exit', async () => {
    pool = new ToolWorkerPool({ size: 2, idleMs: 300 });
    expect(pool.workerCount).toBe(0);
    const execution = await pool.execute(fixture('echo-tool.ts'), request({ value: 1 }), limits);
    expect(execution.outcome).toBe('success');
    expect(pool.workerCount).toBe(1);
    await expect.poll(() => pool.workerCount).toBe(0);
    // The next call starts a fresh one.
    const again = await pool.execute(fixture('echo-tool.ts'), request({ value: 2 }), limits);
    expect((again.result as { worker: string }).worker).not.toBe((execution.result as { worker: string }).worker);
  });

  it("runs the harness agent's simple_tool in this process, with no worker at all", async () => {
    pool = new ToolWorkerPool({ size: 2, pureTools: HARNESS_PURE_TOOLS });
    const simpleTool = fileURLToPath(new URL('../../agents/harness/tools/simple-tool.ts', import.meta.url));
    const execution = await pool.execute(simpleTool, request({ payload: 'héllo' }), limits);
    expect(execution).toMatchObject({ outcome: 'success', result: { payload: 'héllo', length: 5 } });
    expect(pool.workerCount).toBe(0);
  });

  it('runs a pure tool in a worker when the pool was not given it, and no other file in process', async () => {
    pool = new ToolWorkerPool({ size: 2 });
    const simpleTool = fileURLToPath(new URL('../../agents/harness/tools/simple-tool.ts', import.meta.url));
    const execution = await pool.execute(simpleTool, request({ payload: 'x' }), limits);
    expect(execution).toMatchObject({ outcome: 'success', result: { payload: 'x', length: 1 } });
    expect(pool.workerCount).toBe(1);
    // A loader for a file that is not one of Remora's pure tools is not run in this process.
    const echo = fixture('echo-tool.ts');
    const relative = path.relative(fileURLToPath(new URL('../..', import.meta.url)), echo);
    const loader = { file: relative, load: () => Promise.reject(new Error('loaded in process')) };
    const other = new ToolWorkerPool({ size: 1, pureTools: [loader] });
    try {
      expect(await other.execute(echo, request({ value: 1 }), limits)).toMatchObject({ outcome: 'success' });
    } finally {
      await other.close();
    }
  });

  it("judges a harness conversation with the agent's own check in this process, with no worker at all", async () => {
    pool = new ToolWorkerPool({ size: 2, pureTools: HARNESS_PURE_TOOLS });
    const check = fileURLToPath(new URL('../../agents/harness/checks/task-success.ts', import.meta.url));
    const calls = (payload: string) => [
      { turn: 1, name: 'simple_tool', arguments: { payload }, outcome: 'success' },
      { turn: 2, name: 'submit_result', arguments: { summary: 'done' }, outcome: 'success' },
    ];
    const echoed = await pool.execute(check, request({ outcome: 'submitted', calls: calls(' the node ') }), limits);
    expect(echoed).toMatchObject({ outcome: 'success', result: { success: true } });
    const other = await pool.execute(check, request({ outcome: 'submitted', calls: calls('something else') }), limits);
    expect(other).toMatchObject({
      outcome: 'success',
      result: { success: false, details: { payloads: ['something else'] } },
    });
    expect(pool.workerCount).toBe(0);
  });
});
