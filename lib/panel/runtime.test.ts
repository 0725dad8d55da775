// The panel's start-up, as instrumentation.ts runs it: database, agents import, simulator, runner, resume
// (of experiments and of campaigns).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/load';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../db/client';
import { getCampaign, nodeCounts } from '../db/queries/campaigns';
import { experiments } from '../db/schema';
import { scratchRepository } from '../campaigns/testing/campaign-harness';
import { projectRoot } from '../config';
import { ConfigurationError } from '../errors';
import { acquireLease } from '../db/queries/experiment-lease';
import { getExperiment } from '../db/queries/experiments';
import { BUILT_IN_SIMULATOR_URL } from '../experiments/built-in-simulator';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment } from '../experiments/service';
import { listEndpointViews } from './endpoints/endpoints';
import { StartCampaignRequest, startCampaign } from './campaigns/actions';
import { campaignList, campaignOverview } from './campaigns/campaigns';
import type { PanelContext } from './context';
import { getPanel, startPanel, stopPanel } from './runtime';

const folders: string[] = [];
afterEach(async () => {
  await stopPanel();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function workspace(agents = ['harness']) {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-runtime-'));
  folders.push(folder);
  const agentsDir = path.join(folder, 'agents');
  mkdirSync(agentsDir);
  for (const agent of agents)
    cpSync(path.join(projectRoot(), 'agents', agent), path.join(agentsDir, agent), { recursive: true });
  mkdirSync(path.join(agentsDir, 'garbled'));
  writeFileSync(path.join(agentsDir, 'garbled', 'agent.yaml'), '{{{{ not yaml');
  return { folder, agentsDir, databaseFile: path.join(folder, 'panel.db') };
}

describe('startPanel', () => {
  it('starts once per process: agents imported, a broken one skipped, the simulator and endpoint ready', async () => {
    const { agentsDir, databaseFile, folder } = workspace();
    const logged: string[] = [];
    const options = {
      databaseFile,
      agentsDir,
      root: folder,
      simulatorLatencyMs: 0,
      log: (line: string) => logged.push(line),
    };
    const [first, second] = await Promise.all([startPanel(options), startPanel(options)]);
    expect(second).toBe(first);
    expect(await getPanel()).toBe(first);
    expect(first.agentSync.inserted).toEqual(['harness']);
    expect(first.agentSync.problems.map((problem) => problem.agent)).toEqual(['garbled']);
    expect(logged.some((line) => line.startsWith('agent garbled skipped'))).toBe(true);
    expect(first.simulatorUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const health = await fetch(`${first.simulator.origin}/health`);
    expect(health.status).toBe(200);
    expect(listEndpointViews(first)).toMatchObject([
      { name: 'simulated', builtIn: true, baseUrl: first.simulatorUrl() },
    ]);
  });

  it('keeps the built-in simulator on a pinned port, and says so plainly when the port is taken', async () => {
    const { agentsDir, databaseFile, folder } = workspace();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const options = { databaseFile, agentsDir, root: folder, simulatorLatencyMs: 0, log: () => {} };
    try {
      const refused = startPanel({ ...options, simulatorPort: port });
      await expect(refused).rejects.toThrow(ConfigurationError);
      await expect(refused).rejects.toMatchObject({
        problems: [expect.stringContaining(`REMORA_SIM_PORT: port ${port} on 127.0.0.1 is in use`)],
      });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    // Freed: the next start takes it, and the endpoint names it.
    const panel = await startPanel({ ...options, simulatorPort: port });
    expect(panel.simulatorUrl()).toBe(`http://127.0.0.1:${port}/v1`);
  });

  it('resumes at start-up the experiments no live process holds, on the new simulator URL', async () => {
    const { agentsDir, databaseFile, folder } = workspace();
    // A database left by a panel that stopped half way: one experiment with a stale lease, one that
    // a live process on another machine still holds.
    const database = openDatabase(databaseFile);
    const harness = await loadAgent(path.join(agentsDir, 'harness'));
    const config = ExperimentConfig.parse({
      agent: 'harness',
      variants: [{ name: 'a' }],
      endpoint: { baseUrl: BUILT_IN_SIMULATOR_URL, model: 'sim', simulated: true },
      inputs: harness.inputs,
      requestsPerVariant: 3,
    });
    const stale = createStoredExperiment(database, config, harness.toRuntime()).id;
    const held = createStoredExperiment(database, config, harness.toRuntime()).id;
    acquireLease(database, stale, 'panel@elsewhere.example#1.0000abcd', () => false, Date.now() - 60_000);
    acquireLease(database, held, 'panel@elsewhere.example#2.0000abcd', () => false, Date.now());
    closeDatabase(database);

    const panel = await startPanel({ databaseFile, agentsDir, root: folder, simulatorLatencyMs: 0, log: () => {} });
    expect(panel.jobRunner.isRunningHere(stale)).toBe(true);
    expect(panel.jobRunner.isRunningHere(held)).toBe(false);
    expect(await panel.jobRunner.whenDone(stale)).toMatchObject({ status: 'completed', ran: 3 });
    expect(getExperiment(panel.database, stale)).toMatchObject({ status: 'completed', runnerId: null });
    expect(getExperiment(panel.database, held)).toMatchObject({
      status: 'running',
      runnerId: 'panel@elsewhere.example#2.0000abcd',
    });
    expect(panel.simulator.stats().completions).toBeGreaterThan(0);
  });
});

/** A process id that certainly ended: a runner id with it is a panel that was killed. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

function conversationSlots(database: RemoraDatabase, experimentId: string) {
  return database.$client
    .prepare('select id, slot from conversations where experiment_id = ? order by slot')
    .all(experimentId) as { id: string; slot: number }[];
}

describe('a campaign started in the panel', () => {
  it('shows interrupted once its panel is gone, resumes at the next start, nothing lost or repeated', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 8; index += 1)
      files[`pkg/shape${index}.py`] = `def area${index}(width, height):\n    return width * height + ${index}\n`;
    const repo = scratchRepository(files, folders);
    const { agentsDir, databaseFile, folder } = workspace(['docstring']);
    const options = { databaseFile, agentsDir, root: folder, simulatorLatencyMs: 30, log: () => {} };
    const request = StartCampaignRequest.parse({ agent: 'docstring', repo, model: 'functiongemma', concurrency: 1 });

    const first = await startPanel(options);
    const { id } = await startCampaign(first, request);
    const experimentId = getCampaign(first.database, id)!.experimentId;
    await expect.poll(() => nodeCounts(first.database, id).ran, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
    await stopPanel();

    // The panel's process was killed: the lease still names it, with a fresh heartbeat.
    const database = openDatabase(options.databaseFile);
    database
      .update(experiments)
      .set({ status: 'running', runnerId: `panel@${hostname()}#${deadPid()}.0000abcd`, heartbeatAt: Date.now() })
      .where(eq(experiments.id, experimentId))
      .run();
    const before = conversationSlots(database, experimentId);
    const ranBefore = nodeCounts(database, id);
    expect(ranBefore.pending).toBeGreaterThan(0);
    const offline = { database, root: options.root, simulatorUrl: () => 'http://127.0.0.1:9/v1' } as PanelContext;
    expect(campaignOverview(offline, id).status).toBe('interrupted');
    expect(campaignList(offline).find((item) => item.id === id)?.status).toBe('interrupted');
    closeDatabase(database);

    // The next start resumes it on the simulator's new port, without being asked.
    const second = await startPanel(options);
    await expect
      .poll(() => getExperiment(second.database, experimentId)?.status, { timeout: 180_000 })
      .toBe('completed');
    const counts = nodeCounts(second.database, id);
    expect(counts.pending).toBe(0);
    expect(counts.ran + counts.skipped).toBe(counts.found);
    const after = conversationSlots(second.database, experimentId);
    // Every conversation stored before the stop is kept as it was, and no node ran twice.
    expect(after.filter((row) => before.some((kept) => kept.id === row.id))).toEqual(before);
    expect(new Set(after.map((row) => row.slot)).size).toBe(after.length);
    expect(after.length).toBe(counts.ran);
    expect(after.length).toBeGreaterThan(before.length);
    expect(second.simulator.stats().completions).toBeGreaterThan(0);
    expect(campaignOverview(second, id).status).toBe('completed');
  }, 300_000);
});
