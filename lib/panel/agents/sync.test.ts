import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../config';
import { getAgentByName, listAgents, upsertAgent } from '../../db/queries/agents';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../db/testing/temporary-database';
import { agentFolderFor, sourcePathFor, syncAgentsFromFolder } from './sync';

let temporary: TemporaryDatabase;
let root: string;
let agentsDir: string;

beforeEach(() => {
  temporary = openTemporaryDatabase();
  root = mkdtempSync(path.join(tmpdir(), 'remora-sync-'));
  agentsDir = path.join(root, 'agents');
  mkdirSync(agentsDir);
  cpSync(path.join(projectRoot(), 'agents', 'harness'), path.join(agentsDir, 'harness'), { recursive: true });
  mkdirSync(path.join(agentsDir, 'broken'));
  writeFileSync(path.join(agentsDir, 'broken', 'agent.yaml'), 'name: broken\nmax_turns: [not a number\n');
});
afterEach(() => {
  temporary.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('syncAgentsFromFolder', () => {
  it('inserts valid agents with their definition and source path, and logs and skips a broken one', async () => {
    const logged: string[] = [];
    const report = await syncAgentsFromFolder(temporary.database, agentsDir, {
      root,
      log: (line) => logged.push(line),
    });
    expect(report.inserted).toEqual(['harness']);
    expect(report.kept).toEqual([]);
    expect(report.problems.map((problem) => problem.agent)).toEqual(['broken']);
    expect(logged.join('\n')).toMatch(/agent broken skipped .*agent\.yaml\):\n {2}- YAML:/);
    const stored = getAgentByName(temporary.database, 'harness');
    expect(stored?.sourcePath).toBe(path.join('agents', 'harness'));
    expect(stored?.definition).toMatchObject({ name: 'harness', max_turns: 2, default_inputs: 'inputs.yaml' });
    expect((stored?.definition.tools as { name: string }[]).map((tool) => tool.name)).toEqual([
      'simple_tool',
      'submit_result',
    ]);
    expect(listAgents(temporary.database).map((agent) => agent.name)).toEqual(['harness']);
  });

  it('keeps an agent already in the database as it was edited', async () => {
    upsertAgent(temporary.database, {
      name: 'harness',
      definition: { name: 'harness', edited: true },
      sourcePath: 'agents/harness',
    });
    const report = await syncAgentsFromFolder(temporary.database, agentsDir, { root, log: () => {} });
    expect(report.inserted).toEqual([]);
    expect(report.kept).toEqual(['harness']);
    expect(getAgentByName(temporary.database, 'harness')?.definition).toEqual({ name: 'harness', edited: true });
  });

  it('reports a missing agents folder without throwing', async () => {
    const report = await syncAgentsFromFolder(temporary.database, path.join(root, 'nowhere'), { root, log: () => {} });
    expect(report.inserted).toEqual([]);
    expect(report.problems[0].problems[0]).toMatch(/the folder does not exist/);
  });
});

describe('source paths', () => {
  it('are relative inside the project and absolute outside it', () => {
    expect(sourcePathFor('/project/agents/lint', '/project')).toBe(path.join('agents', 'lint'));
    expect(sourcePathFor('/elsewhere/lint', '/project')).toBe('/elsewhere/lint');
    expect(agentFolderFor('agents/lint', 'lint', '/project')).toBe('/project/agents/lint');
    expect(agentFolderFor('/elsewhere/lint', 'lint', '/project')).toBe('/elsewhere/lint');
    expect(agentFolderFor(null, 'made_in_panel', '/project')).toBe('/project/agents/made_in_panel');
  });
});
