// The panel's start-up, as instrumentation.ts runs it: database, agents import, simulator, runner, resume.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/load';
import { closeDatabase, openDatabase } from '../db/client';
import { projectRoot } from '../config';
import { ConfigurationError } from '../errors';
import { acquireLease } from '../db/queries/experiment-lease';
import { getExperiment } from '../db/queries/experiments';
import { BUILT_IN_SIMULATOR_URL } from '../experiments/built-in-simulator';
import { ExperimentConfig } from '../experiments/config';
import { createStoredExperiment } from '../experiments/service';
import { listEndpointViews } from './endpoints/endpoints';
import { getPanel, startPanel, stopPanel } from './runtime';

const folders: string[] = [];
afterEach(async () => {
  await stopPanel();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function workspace() {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-runtime-'));
  folders.push(folder);
  const agentsDir = path.join(folder, 'agents');
  mkdirSync(agentsDir);
  cpSync(path.join(projectRoot(), 'agents', 'harness'), path.join(agentsDir, 'harness'), { recursive: true });
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
