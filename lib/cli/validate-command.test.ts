import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runValidateCommand } from './validate-command';

const shippedAgents = fileURLToPath(new URL('../../agents', import.meta.url));

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'remora-validate-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('runValidateCommand', () => {
  it('passes on the shipped agents with one ok line each', async () => {
    const output = await runValidateCommand({ agentsDir: shippedAgents });
    expect(output.exitCode).toBe(0);
    expect(output.stderr).toBe('');
    expect(output.stdout).toMatch(/^ok {5}harness \(.*agent\.yaml\): 2 tools, \d+ inputs$/m);
    expect(output.stdout).not.toContain('error');
  });

  it('fails with a line per problem and keeps reporting the good agents', async () => {
    await cp(path.join(shippedAgents, 'harness'), path.join(root, 'harness'), { recursive: true });
    await mkdir(path.join(root, 'broken'));
    await writeFile(
      path.join(root, 'broken', 'agent.yaml'),
      [
        'name: broken',
        'max_turns: 2',
        'initial_context:',
        '  system_prompt: Call tools.',
        '  node_context: "{{ code }}"',
        'tools:',
        '  - name: only_tool',
        '    description: The only tool.',
        '    script: tools/missing.py',
        '    parameters: {type: object}',
      ].join('\n'),
    );
    const output = await runValidateCommand({ agentsDir: root });
    expect(output.exitCode).toBe(1);
    expect(output.stderr).toBe('validate: 1 agent has errors (2 checked)');
    const lines = output.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^error {2}broken \(.*broken\/agent\.yaml\): 4 problems$/);
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}- no submit_result tool/));
    expect(lines).toContainEqual('  - tools: an agent needs at least two tools, it has 1');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}- tools\[0\] \(only_tool\)\.script \(line 9, column 13\): tools\/missing\.py does not exist/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}- initial_context\.node_context \(line 5, column 17\) uses unknown template variables \{\{ code \}\}/,
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}warning: the system prompt has no <task_description>/));
    expect(lines).toContainEqual(expect.stringMatching(/^ok {5}harness /));
  });

  it('fails when there is nothing to validate', async () => {
    const output = await runValidateCommand({ agentsDir: root });
    expect(output).toEqual({ stdout: '', stderr: `validate: no agent folders found in ${root}`, exitCode: 1 });
  });

  it('fails on a folder that does not exist', async () => {
    const output = await runValidateCommand({ agentsDir: path.join(root, 'missing') });
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toContain('the folder does not exist');
  });
});
