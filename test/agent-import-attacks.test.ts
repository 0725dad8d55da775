// Agent definitions that point outside themselves, imported through the panel's API (the route
// handler of POST /api/agents, on a panel started over a scratch project) and run through the
// command line: each is refused with its reason and nothing is stored. An agent whose tools are
// scripts is imported only once the user confirmed that it runs code on their machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POST } from '../app/api/agents/route';
import { getAgentByName } from '../lib/db/queries/agents';
import { writeHostileAgents, type HostileAgent } from '../lib/agents/testing/hostile-agents';
import { startPanel, stopPanel, type PanelRuntime } from '../lib/panel/runtime';
import { runCli } from './cli-process';

let scratch: string;
let hostile: HostileAgent[];
let good: HostileAgent;
let panel: PanelRuntime;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'remora-import-attacks-'));
  const agentsDir = path.join(scratch, 'agents');
  ({ hostile, good } = await writeHostileAgents(agentsDir));
  // An empty folder to sync from: every agent comes in through the API.
  panel = await startPanel({
    root: scratch,
    agentsDir: path.join(scratch, 'none'),
    databaseFile: path.join(scratch, 'panel.db'),
    simulatorLatencyMs: 0,
    log: () => {},
  });
});
afterAll(async () => {
  await stopPanel();
  await rm(scratch, { recursive: true, force: true });
});

async function post(body: Record<string, unknown>): Promise<{
  status: number;
  body: { error?: string; reasons?: string[]; name?: string; scripts?: string[]; stored?: boolean };
}> {
  const response = await POST(
    new Request('http://127.0.0.1:3000/api/agents', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    undefined,
  );
  return { status: response.status, body: (await response.json()) as never };
}

describe('importing an agent through the API', () => {
  it('refuses each definition that points outside its folder, with the reason, storing nothing', async () => {
    for (const agent of hostile) {
      // Even with the user's confirmation that it runs code: the paths themselves are refused.
      const answer = await post({ yaml: agent.yaml, allowScripts: true });
      expect(answer.status, agent.name).toBe(400);
      expect((answer.body.reasons ?? []).join('\n'), agent.name).toContain(agent.expected);
      expect(getAgentByName(panel.database, agent.name), agent.name).toBeNull();
    }
  });

  it('imports an agent with scripts only once the user confirmed it runs code on their machine', async () => {
    const dry = await post({ yaml: good.yaml, dryRun: true });
    expect(dry).toMatchObject({ status: 200, body: { name: 'plain', stored: false, scripts: ['tools/tool.py'] } });

    const unconfirmed = await post({ yaml: good.yaml });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toContain('runs code on your machine');
    expect((unconfirmed.body.reasons ?? []).join('\n')).toContain('tools/tool.py');
    expect(getAgentByName(panel.database, 'plain')).toBeNull();

    const confirmed = await post({ yaml: good.yaml, allowScripts: true });
    expect(confirmed).toMatchObject({ status: 201, body: { name: 'plain', stored: true } });
    // Replacing it with the same scripts (a prompt edit) asks nothing again.
    const edited = good.yaml.replace('Always respond with a tool call.', 'Always respond with a tool call. Be brief.');
    expect(await post({ yaml: edited, replace: true })).toMatchObject({ status: 201, body: { stored: true } });
  });
});

describe('running such an agent from the command line', () => {
  it('refuses it before anything runs, naming the reason', async () => {
    for (const agent of hostile.filter((candidate) => ['bash', 'link', 'dotdot'].includes(candidate.name))) {
      const run = await runCli([
        'harness',
        '--agent',
        agent.name,
        '--agents-dir',
        path.join(scratch, 'agents'),
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--model',
        'm',
        '--db',
        path.join(scratch, 'cli.db'),
      ]);
      expect(run.code, agent.name).not.toBe(0);
      expect(run.stderr, agent.name).toContain(agent.expected);
      expect(run.stderr, agent.name).not.toContain('internal error');
    }
  }, 60_000);
});
