// Start-up of the panel's server side, once per process: open the database, import agents from
// agents/ on first start, start the built-in simulator, and start the job runner, which resumes
// unfinished experiments (and unfinished campaigns: campaigns/campaign-runs.ts). instrumentation.ts
// calls startPanel() before the server takes requests; every route awaits the same promise, kept on
// globalThis so that Next's separate bundles and development reloads share one runtime.
import path from 'node:path';
import { syncAgentsFromFolder, type AgentSyncReport } from './agents/sync';
import { closeDatabase, openDatabase } from '../db/client';
import { config, projectRoot } from '../config';
import { ConfigurationError, errorMessage } from '../errors';
import { JobRunner, closeSharedJobRunner, sharedJobRunner } from '../experiments/job-runner';
import { startSimServer, type SimServer } from '../sim/server';
import type { PanelContext } from './context';
import { ensureSimulatedEndpoint } from './endpoints/endpoints';
import { describeFinished, finishInterruptedApplies } from '../campaigns/apply-journal';
import { interruptCampaignsHere, resumeUnfinishedCampaigns } from './campaigns/campaign-runs';

export type PanelRuntime = PanelContext & { simulator: SimServer; agentSync: AgentSyncReport };

export type PanelStartOptions = {
  databaseFile?: string;
  root?: string;
  agentsDir?: string;
  /** Delay of each simulated answer, so that progress is visible (REMORA_SIM_LATENCY_MS, default 25). */
  simulatorLatencyMs?: number;
  /** The built-in simulator's port (REMORA_SIM_PORT; default 0, any free port). */
  simulatorPort?: number;
  log?(message: string): void;
};

const RUNTIME_KEY = Symbol.for('remora.panel-runtime');
type RuntimeHolder = typeof globalThis & { [RUNTIME_KEY]?: Promise<PanelRuntime> };

async function start(options: PanelStartOptions): Promise<PanelRuntime> {
  const log = options.log ?? ((message: string) => console.log(`[remora] ${message}`));
  const root = options.root ?? projectRoot();
  // First, so that a pinned port that is taken stops the start before anything is opened; and closed
  // when the start fails later, so that the next try can have the port again.
  const simulator = await startSimulator(
    options.simulatorPort ?? config().simulatorPort,
    options.simulatorLatencyMs ?? config().simulatorLatencyMs,
  );
  try {
    return await startWith(simulator, options, root, log);
  } catch (error) {
    await simulator.close();
    throw error;
  }
}

async function startWith(
  simulator: SimServer,
  options: PanelStartOptions,
  root: string,
  log: (message: string) => void,
): Promise<PanelRuntime> {
  const databaseFile = options.databaseFile ?? config().databaseFile;
  const database = openDatabase(databaseFile);
  log(`database ${databaseFile}`);

  const agentsDir = options.agentsDir ?? config().agentsDir ?? path.join(root, 'agents');
  const agentSync = await syncAgentsFromFolder(database, agentsDir, { root, log });
  if (agentSync.inserted.length > 0) log(`imported agents from ${agentsDir}: ${agentSync.inserted.join(', ')}`);

  ensureSimulatedEndpoint(database, log);
  log(`built-in simulator at ${simulator.url}`);

  const jobRunner = sharedJobRunner(
    () =>
      new JobRunner({
        database,
        // A bundler moved the pool's module away from the sources: its workers are the project's at `root`
        // (the compiled worker of its current build, else tool-worker.ts through tsx).
        toolProjectRoot: root,
        resolveSimulator: () => simulator.url,
        log,
      }),
  );
  const resumed = jobRunner.resumeUnfinished();
  if (resumed.length > 0) log(`resuming ${resumed.length} unfinished experiment(s)`);
  // A campaign apply killed half way (here or on the command line) is finished from its journal.
  const applies = await finishInterruptedApplies(database);
  if (applies.finished.length > 0) log(describeFinished(applies.finished));
  for (const problem of applies.problems) log(`an interrupted apply was left as it is: ${problem}`);
  const runtime = { database, jobRunner, root, simulator, agentSync, simulatorUrl: () => simulator.url };
  // After the applies: a campaign's run reads the repository they may have been writing.
  const campaigns = resumeUnfinishedCampaigns(runtime, log);
  if (campaigns.length > 0) log(`resuming ${campaigns.length} unfinished campaign(s)`);
  return runtime;
}

// A pinned port that is taken is the user's to free or change: said as such, not as a socket error.
async function startSimulator(port: number, latencyMs: number) {
  try {
    return await startSimServer({ port, host: '127.0.0.1', latencyMs });
  } catch (error) {
    if (port !== 0 && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigurationError('the built-in simulator cannot start', [
        `REMORA_SIM_PORT: port ${port} on 127.0.0.1 is in use; free it, choose another, or unset it for any free port`,
      ]);
    }
    throw error;
  }
}

/** Starts the panel's server side once; later calls get the same runtime. */
export function startPanel(options: PanelStartOptions = {}): Promise<PanelRuntime> {
  const holder = globalThis as RuntimeHolder;
  if (!holder[RUNTIME_KEY]) {
    const starting = start(options);
    holder[RUNTIME_KEY] = starting;
    // A failed start is not kept, so that the next request tries again (after the cause is fixed).
    starting.catch((error: unknown) => {
      if (holder[RUNTIME_KEY] === starting) holder[RUNTIME_KEY] = undefined;
      const detail = error instanceof Error ? (error.stack ?? errorMessage(error)) : String(error);
      console.error(`[remora] the panel could not start: ${detail}`);
    });
  }
  return holder[RUNTIME_KEY];
}

/** The running panel's services (starting them if instrumentation has not). */
export function getPanel(): Promise<PanelContext> {
  return startPanel();
}

/** Stops what startPanel started (tests). */
export async function stopPanel(): Promise<void> {
  const holder = globalThis as RuntimeHolder;
  const current = holder[RUNTIME_KEY];
  holder[RUNTIME_KEY] = undefined;
  if (!current) return;
  const runtime = await current.catch(() => null);
  if (!runtime) return;
  // Campaigns first: their tool calls run in the job runner's pool.
  await interruptCampaignsHere();
  await closeSharedJobRunner();
  await runtime.simulator.close();
  closeDatabase(runtime.database);
}
