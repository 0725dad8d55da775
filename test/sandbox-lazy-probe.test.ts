// The sandbox probe (one bubblewrap start, to see that namespaces work here) costs start-up time:
// it runs only when a confined tool is about to run, once per process, and the refusal rules hold.
// A stand-in bwrap logs each start, "probe" for the probe's `true`, "run" for a tool.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedServer, toolCallMessage, type ScriptedServer } from '../lib/python/testing/scripted-server';
import { setTrap, type Trap } from '../lib/tools/testing/trap';
import { sandboxHost } from '../lib/tools/sandbox/host';
import { runCli } from './cli-process';
import { runHostileAgent } from './hostile/hostile-run';

const CLI_TEST_MS = 120_000;
let folder: string;
let log: string;
let working: string;
let broken: string;

function fakeBwrap(name: string, then: string): string {
  const file = path.join(folder, name);
  writeFileSync(
    file,
    `#!/bin/bash\nif [ "\${@: -1}" = true ]; then echo probe >> ${log}; else echo run >> ${log}; fi\n${then}\n`,
  );
  chmodSync(file, 0o755);
  return file;
}

const starts = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'remora-probe-'));
  log = path.join(folder, 'starts.log');
  const real = sandboxHost().bwrap;
  if (!real) throw new Error('these tests need bubblewrap');
  working = fakeBwrap('bwrap', `exec ${real} "$@"`);
  broken = fakeBwrap('broken-bwrap', 'echo "bwrap: setting up uid map: Permission denied" >&2; exit 1');
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeEach(() => rmSync(log, { force: true }));

describe('the sandbox probe', () => {
  let server: ScriptedServer;
  beforeEach(async () => {
    server = await startScriptedServer((request) => {
      const seen = request.messages.filter((message) => message.role === 'tool').length;
      return seen === 0
        ? toolCallMessage('simple_tool', { payload: 'hi' }, 'call_0')
        : toolCallMessage('submit_result', { summary: 'done' }, 'call_1');
    });
  });
  afterEach(() => server.close());

  const harness = (bwrap: string) =>
    runCli(
      [
        'harness',
        '--agent',
        'harness',
        '--base-url',
        server.baseUrl,
        '--model',
        'functiongemma',
        '--requests-per-variant',
        '1',
        '--db',
        path.join(folder, `harness-${Date.now()}.db`),
        '--json',
      ],
      { env: { REMORA_BWRAP: bwrap } },
    );

  it(
    'does not run for an agent whose tools all run in-process, even where bubblewrap is broken',
    async () => {
      for (const bwrap of [working, broken]) {
        const run = await harness(bwrap);
        expect(run.stderr).not.toContain('internal error');
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).not.toContain('without a sandbox');
      }
      expect(starts()).toEqual([]);
    },
    CLI_TEST_MS,
  );
});

describe('for an agent that runs model-written code', () => {
  let trap: Trap;
  beforeEach(async () => {
    trap = await setTrap();
  });
  afterEach(() => trap.close());
  const steps = [
    { tool: 'write_test_file', args: { content: 'def test_ok():\n    assert True\n', path: 'test_pricing.py' } },
    { tool: 'run_tests', args: {} },
  ];

  it(
    'runs once per process, before the tools that it lets run confined',
    async () => {
      const run = await runHostileAgent('test', steps, trap, { env: { REMORA_BWRAP: working } });
      expect(run.cli.code, run.cli.stderr).toBe(0);
      expect(JSON.parse(run.toolResults[1])).toMatchObject({ status: 'success', result: { passed: 1 } });
      const seen = starts();
      expect(seen[0]).toBe('probe');
      expect(seen.filter((entry) => entry === 'probe')).toHaveLength(1);
      expect(seen.filter((entry) => entry === 'run').length).toBeGreaterThan(0);
    },
    CLI_TEST_MS,
  );

  it(
    'still refuses to run without a working sandbox unless the user opts in',
    async () => {
      const refused = await runHostileAgent('test', steps, trap, { env: { REMORA_BWRAP: broken } });
      expect(refused.cli.code).toBe(2);
      expect(refused.cli.stderr).toContain('runs code the model writes, and there is no sandbox here');
      expect(refused.cli.stderr).toContain('bubblewrap does not work here');
      expect(refused.requests).toEqual([]);
      expect(starts()).toEqual(['probe']);
    },
    CLI_TEST_MS,
  );
});
