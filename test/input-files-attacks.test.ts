// Inputs and dataset cases that name files of the user's (outside every folder chosen for the
// experiment) would have them copied into a workspace, read by the lint agent's tools and sent to
// the model. Through the real command line: refused before anything runs, naming the input or the
// case; allowed once the user chooses that folder with --input-root.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { startScriptedServer, toolCallMessage, type ScriptedServer } from '../lib/python/testing/scripted-server';
import { runCli } from './cli-process';

const SECRET = `API_KEY = "input-secret-${process.pid}-9c1e"\n\n\ndef helper(x):\n    return x\n`;

let folder: string;
let server: ScriptedServer;
beforeEach(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'remora-input-files-'));
  mkdirSync(path.join(folder, 'private'));
  writeFileSync(path.join(folder, 'private', 'settings.py'), SECRET);
  mkdirSync(path.join(folder, 'project'));
  writeFileSync(path.join(folder, 'project', 'module.py'), 'def helper(x):\n    return x\n');
  symlinkSync(path.join(folder, 'private', 'settings.py'), path.join(folder, 'project', 'linked.py'));
  // The model reads the target file, then submits: whatever the workspace holds reaches it.
  server = await startScriptedServer((request) =>
    request.messages.some((message) => message.role === 'tool')
      ? toolCallMessage('submit_result', { summary: 'done' })
      : toolCallMessage('read_current_file', {}),
  );
});
afterEach(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

function harness(extra: string[]) {
  return runCli([
    'harness',
    '--agent',
    'lint',
    '--base-url',
    server.baseUrl,
    '--model',
    'functiongemma',
    '--requests-per-variant',
    '1',
    '--concurrency',
    '1',
    '--db',
    path.join(folder, 'runs.db'),
    '--json',
    ...extra,
  ]);
}

const secretReachedModel = () => JSON.stringify(server.requests).includes('input-secret-');

describe('input files outside the chosen folders', () => {
  it("an inputs file naming a user's file (absolute, ../, or a link out) is refused, each input named", async () => {
    const inputs = path.join(folder, 'project', 'inputs.yaml');
    writeFileSync(
      inputs,
      stringify([
        {
          node_text: 'def helper(x): ...',
          file_path: path.join(folder, 'private', 'settings.py'),
          node_name: 'absolute',
        },
        {
          node_text: 'def helper(x): ...',
          file_path: path.relative(process.cwd(), path.join(folder, 'private', 'settings.py')),
          node_name: 'relative',
        },
        { node_text: 'def helper(x): ...', file_path: path.join(folder, 'project', 'linked.py'), node_name: 'linked' },
      ]),
    );
    const run = await harness(['--inputs', inputs, '--input-root', path.join(folder, 'project')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('3 inputs name files outside the folders chosen for this experiment');
    for (const name of ['input 1 (absolute)', 'input 2 (relative)', 'input 3 (linked)'])
      expect(run.stderr).toContain(name);
    expect(server.requests).toEqual([]);
    expect(secretReachedModel()).toBe(false);
  }, 120_000);

  it('a dataset case naming such a file is refused with the case named', async () => {
    const dataset = path.join(folder, 'project', 'cases.jsonl');
    const variables = {
      node_text: 'def helper(x): ...',
      file_path: path.join(folder, 'private', 'settings.py'),
      node_name: 'helper',
    };
    writeFileSync(dataset, `${JSON.stringify({ id: 'steal-settings', input: { variables }, expect: null })}\n`);
    const run = await harness(['--dataset', dataset, '--max-turns', '3', '--input-root', path.join(folder, 'project')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('case steal-settings: file_path');
    expect(secretReachedModel()).toBe(false);
  }, 120_000);

  it('runs once the user chooses that folder, and the file is then what the model sees', async () => {
    const inputs = path.join(folder, 'project', 'inputs.yaml');
    writeFileSync(
      inputs,
      stringify([
        {
          node_text: 'def helper(x): ...',
          file_path: path.join(folder, 'private', 'settings.py'),
          node_name: 'helper',
        },
      ]),
    );
    const run = await harness(['--inputs', inputs, '--input-root', path.join(folder, 'private')]);
    expect(run.stderr).not.toContain('outside the folders chosen');
    expect(run.code).toBe(0);
    expect(secretReachedModel()).toBe(true);
  }, 120_000);
});
