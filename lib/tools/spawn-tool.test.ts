import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolContext, ToolLimits, ToolRequest } from './protocol';
import { interpreterFor, runSpawnedTool } from './spawn-tool';
import { ToolWorkerPool } from './worker-pool';

const context: ToolContext = {
  workspace: null,
  filePath: 'module.py',
  nodeText: 'def f(): pass',
  nodeName: 'f',
  nodeType: 'function',
  settings: {},
  knowledge: {},
};
const request = (args: Record<string, unknown> = {}): ToolRequest => ({ arguments: args, context });
const limits: ToolLimits = { timeoutMs: 10_000, maxOutputBytes: 256 * 1024 };

let folder: string;
const script = (name: string) => path.join(folder, name);

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'remora-spawn-'));
  // An agent's folder is readable by others, as folders made with the usual umask are (a sandbox
  // started by root reads it as nobody).
  await chmod(folder, 0o755);
  await writeFile(
    script('echo.py'),
    [
      'import json, sys',
      'request = json.load(sys.stdin)',
      'print("debug line from python", file=sys.stderr)',
      'result = {"args": request["arguments"], "node": request["context"]["nodeName"]}',
      'print(json.dumps({"outcome": "success", "result": result, "knowledge_delta": {"language": "python"}}))',
    ].join('\n'),
  );
  await writeFile(
    script('logs-then-result.py'),
    'import json\nprint("starting")\nprint(json.dumps({"outcome": "partial", "result": 1}))\n',
  );
  await writeFile(script('sleep.py'), 'import time\ntime.sleep(60)\n');
  await writeFile(script('garbage.py'), 'print("this is not json")\n');
  await writeFile(script('wrong-shape.py'), 'print(\'{"result": 1}\')\n');
  await writeFile(script('large.py'), 'import sys\nsys.stdout.write("x" * 100000)\n');
  await writeFile(
    script('fails.py'),
    'import sys\nprint("Traceback: something broke", file=sys.stderr)\nsys.exit(4)\n',
  );
  await writeFile(script('silent.py'), 'pass\n');
  await writeFile(script('spawns-sleep.sh'), 'sleep 60 &\nsleep 60\n');
  await writeFile(
    script('echo-tool'),
    '#!/bin/sh\ncat > /dev/null\necho \'{"outcome":"success","result":"from an executable"}\'\n',
  );
  await chmod(script('echo-tool'), 0o755);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('runSpawnedTool', () => {
  it('runs a python tool with the stdin/stdout protocol', async () => {
    const execution = await runSpawnedTool(script('echo.py'), request({ payload: 'hi' }), limits);
    expect(execution.errorKind).toBeUndefined();
    expect(execution).toMatchObject({
      outcome: 'success',
      result: { args: { payload: 'hi' }, node: 'f' },
      knowledge_delta: { language: 'python' },
    });
    expect(execution.durationMs).toBeGreaterThan(0);
  });

  it('reads the last line when a tool printed log lines before its result', async () => {
    const execution = await runSpawnedTool(script('logs-then-result.py'), request(), limits);
    expect(execution).toMatchObject({ outcome: 'partial', result: 1 });
  });

  it('refuses a file type Remora has no interpreter for, even an executable one', async () => {
    const execution = await runSpawnedTool(script('echo-tool'), request(), limits);
    expect(execution).toMatchObject({ outcome: 'error', errorKind: 'tool_failed' });
    expect(execution.error).toContain('is not a .py, .sh or JavaScript/TypeScript file');
  });

  it('kills a tool past its time limit', async () => {
    const execution = await runSpawnedTool(script('sleep.py'), request(), { ...limits, timeoutMs: 300 });
    expect(execution).toMatchObject({
      outcome: 'error',
      errorKind: 'tool_timeout',
      error: 'tool "sleep.py" timed out after 300 ms',
    });
  });

  it('kills the whole process group on timeout, so the call does not wait for grandchildren', async () => {
    const execution = await runSpawnedTool(script('spawns-sleep.sh'), request(), { ...limits, timeoutMs: 300 });
    expect(execution.errorKind).toBe('tool_timeout');
  });

  it('reports output that is not JSON', async () => {
    const execution = await runSpawnedTool(script('garbage.py'), request(), limits);
    expect(execution.errorKind).toBe('tool_output_invalid');
    expect(execution.error).toContain('this is not json');
  });

  it('reports JSON that is not a tool result', async () => {
    const execution = await runSpawnedTool(script('wrong-shape.py'), request(), limits);
    expect(execution.errorKind).toBe('tool_output_invalid');
    expect(execution.error).toContain('outcome');
  });

  it('reports a tool that printed nothing', async () => {
    const execution = await runSpawnedTool(script('silent.py'), request(), limits);
    expect(execution.errorKind).toBe('tool_output_invalid');
    expect(execution.error).toContain('printed nothing');
  });

  it('stops a tool whose output passes the size limit', async () => {
    const execution = await runSpawnedTool(script('large.py'), request(), { ...limits, maxOutputBytes: 1000 });
    expect(execution.errorKind).toBe('tool_output_too_large');
    expect(execution.error).toContain('the limit is 1000 bytes');
  });

  it('keeps the end of stderr when a tool exits with an error code', async () => {
    const execution = await runSpawnedTool(script('fails.py'), request(), limits);
    expect(execution.errorKind).toBe('tool_failed');
    expect(execution.error).toContain('exited with code 4');
    expect(execution.error).toContain('Traceback: something broke');
  });

  it('reports a script that does not exist', async () => {
    const execution = await runSpawnedTool(script('does-not-exist.py'), request(), limits);
    expect(execution.errorKind).toBe('tool_failed');
    expect(execution.error).toContain("can't open file");
  });

  it('cancels a running tool', async () => {
    const controller = new AbortController();
    const running = runSpawnedTool(script('sleep.py'), request(), limits, controller.signal);
    setTimeout(() => controller.abort(), 100);
    expect((await running).error).toBe('tool "sleep.py" was cancelled');
  });

  it('is what the pool uses for scripts that are not modules', async () => {
    const pool = new ToolWorkerPool({ size: 1 });
    try {
      const execution = await pool.execute(script('echo.py'), request({ n: 1 }), limits);
      expect(execution).toMatchObject({ outcome: 'success', result: { args: { n: 1 } } });
    } finally {
      await pool.close();
    }
  });
});

describe('interpreterFor', () => {
  it('chooses the interpreter by file type, never by anything the agent says', () => {
    expect(interpreterFor('/t/a.py')).toBe('python');
    expect(interpreterFor('/t/a.PY')).toBe('python');
    expect(interpreterFor('/t/a.sh')).toBe('bash');
    expect(interpreterFor('/t/run')).toBeNull();
    expect(interpreterFor('/bin/bash')).toBeNull();
  });
});
