import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolOutput } from './protocol';
import simpleTool from '../../agents/harness/tools/simple-tool';

const root = fileURLToPath(new URL('../../', import.meta.url));
// tsx itself, not through npx: npm's own start-up is 0.4 s of CPU per script and tests nothing here.
const TSX = path.join(root, 'node_modules', '.bin', 'tsx');

/** Runs a tool script the way a person would from a shell: `npx tsx SCRIPT` with the request on stdin. */
function runScript(script: string, stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

function singleOutput(stdout: string): ToolOutput {
  const lines = stdout.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(1);
  return ToolOutput.parse(JSON.parse(lines[0]));
}

describe('defineTool standalone protocol', () => {
  it('serves {arguments, context} on stdin and prints one ToolOutput line', async () => {
    const { code, stdout } = await runScript(
      'agents/harness/tools/simple-tool.ts',
      JSON.stringify({ arguments: { payload: 'héllo {"x"}' }, context: { nodeText: 'n', workspace: null } }),
    );
    expect(code).toBe(0);
    expect(singleOutput(stdout)).toEqual({
      outcome: 'success',
      result: { payload: 'héllo {"x"}', length: 11 },
      summary: 'simple_tool echoed a payload of 11 characters; now call submit_result',
      knowledge_delta: { last_payload: 'héllo {"x"}' },
    });
  });

  it('prints an error result for a request that is not JSON', async () => {
    const { code, stdout } = await runScript('agents/harness/tools/simple-tool.ts', 'not json');
    expect(code).toBe(0);
    const output = singleOutput(stdout);
    expect(output.outcome).toBe('error');
    expect(output.error).toContain('not JSON');
  });

  it('turns a thrown error into an error result and keeps logs off stdout', async () => {
    const thrown = await runScript('lib/tools/fixtures/throw-tool.ts', '{"arguments": {}}');
    expect(thrown.code).toBe(0);
    expect(singleOutput(thrown.stdout)).toEqual({ outcome: 'error', result: null, error: 'the fixture tool refused' });

    const noisy = await runScript('lib/tools/fixtures/noisy-tool.ts', '{"arguments": {}}');
    expect(singleOutput(noisy.stdout)).toMatchObject({ outcome: 'partial', result: 'still fine' });
    expect(noisy.stderr).toContain('plain log line');
  });

  it('reports a return value that is not a tool result', async () => {
    const { stdout } = await runScript('lib/tools/fixtures/garbage-tool.ts', '{"arguments": {}}');
    const output = singleOutput(stdout);
    expect(output.outcome).toBe('error');
    expect(output.error).toContain('not a tool result');
  });

  it('exports the handler itself when imported', async () => {
    const context = {
      workspace: null,
      filePath: null,
      nodeText: '',
      nodeName: null,
      nodeType: null,
      settings: {},
      knowledge: {},
    };
    expect(await simpleTool({ payload: '' }, context)).toMatchObject({ outcome: 'error' });
    expect(await simpleTool({ payload: 'ab' }, context)).toMatchObject({ outcome: 'success', result: { length: 2 } });
  });
});
