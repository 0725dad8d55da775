// Agent definitions that point outside themselves are refused by `remora validate` (the real command
// line) and by the loader every run goes through; a plain agent next to them still loads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readAgent } from '../lib/agents/load';
import { writeHostileAgents, type HostileAgent } from '../lib/agents/testing/hostile-agents';
import { runCli } from './cli-process';

let root: string;
let hostile: HostileAgent[];
beforeAll(async () => {
  const parent = await mkdtemp(path.join(tmpdir(), 'remora-hostile-agents-'));
  root = path.join(parent, 'agents');
  ({ hostile } = await writeHostileAgents(root));
});
afterAll(async () => {
  await rm(path.dirname(root), { recursive: true, force: true });
});

describe('agent definitions that point outside themselves', () => {
  it('are each refused by the loader, with the reason', async () => {
    for (const agent of hostile) {
      const result = await readAgent(agent.folder);
      expect(result.ok, agent.name).toBe(false);
      if (!result.ok) expect(result.problem.problems.join('\n'), agent.name).toContain(agent.expected);
    }
  });

  it('are refused by `remora validate`, one clear line each, while the plain agent is ok', async () => {
    const run = await runCli(['validate', '--agents-dir', root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ok {5}plain /m);
    for (const agent of hostile) {
      expect(run.stdout, agent.name).toMatch(new RegExp(`^error  ${agent.name} `, 'm'));
      expect(run.stdout, agent.name).toContain(agent.expected);
    }
    expect(run.stderr).toContain(`${hostile.length} agents have errors`);
  }, 60_000);
});
