// The campaigns this panel process runs in the background, as the job runner does for experiments:
// started from the start request, resumed at panel start when no live process holds them (a panel
// killed or restarted half way), and interrupted when the panel stops, so that the next start
// takes them over. A campaign nobody carries on shows `interrupted` (lease.ts shownStatus).
import { listUnfinishedCampaigns } from '../../db/queries/campaigns';
import { errorMessage } from '../../errors';
import { leaseIsLive, newRunnerId, shownStatus, type ShownStatus } from '../../experiments/lease';
import { runCampaign, type CampaignRun } from '../../campaigns/run';
import type { PanelContext } from '../context';

/** Campaigns running in this process, shared by Next's route bundles and instrumentation. */
const RUNS_KEY = Symbol.for('remora.panel-campaign-runs');
function runningHere(): Map<string, CampaignRun> {
  const holder = globalThis as typeof globalThis & { [RUNS_KEY]?: Map<string, CampaignRun> };
  holder[RUNS_KEY] ??= new Map();
  return holder[RUNS_KEY];
}

export function isCampaignRunningHere(campaignId: string): boolean {
  return runningHere().has(campaignId);
}

/** Runs the campaign here in the background (once: a second call while it runs does nothing). */
export function launchCampaign(context: PanelContext, campaignId: string): void {
  const runs = runningHere();
  if (runs.has(campaignId)) return;
  const run = runCampaign(context.database, campaignId, {
    // The job runner's pool: the work root is one per process (lib/tools/work-root.ts), so it takes
    // the workspaces this code makes.
    tools: context.jobRunner.toolExecutor,
    runnerId: newRunnerId('panel'),
    // The simulator's URL of the moment: a campaign on it keeps only its placeholder.
    resolveSimulator: () => context.simulatorUrl(),
  });
  runs.set(campaignId, run);
  void run.done
    .catch((error: unknown) => {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`[remora] campaign ${campaignId} failed: ${detail}`);
    })
    .finally(() => {
      if (runs.get(campaignId) === run) runs.delete(campaignId);
    });
}

/** Resumes every unfinished campaign that no live process holds; returns the ids started. */
export function resumeUnfinishedCampaigns(context: PanelContext, log: (message: string) => void): string[] {
  const started: string[] = [];
  for (const row of listUnfinishedCampaigns(context.database)) {
    if (isCampaignRunningHere(row.id) || leaseIsLive(row)) continue;
    try {
      launchCampaign(context, row.id);
      started.push(row.id);
      log(`campaign ${row.id}: resumed`);
    } catch (error) {
      // One campaign that cannot resume (its lease taken meanwhile) must not stop the others.
      log(`campaign ${row.id}: not resumed: ${errorMessage(error)}`);
    }
  }
  return started;
}

/**
 * Stops every campaign running here as if the process ended: nodes in flight stay pending and run
 * at the next start; each gives its lease up, so it shows `interrupted` at once.
 */
export async function interruptCampaignsHere(): Promise<void> {
  const runs = [...runningHere().values()];
  for (const run of runs) run.interrupt();
  await Promise.all(runs.map((run) => run.done.catch(() => null)));
}

/** The status to show: a run here is what it says; one nobody carries on is `interrupted`. */
export function campaignStatus(
  campaignId: string,
  experiment: Parameters<typeof shownStatus>[0] | null,
): ShownStatus | 'unknown' {
  if (!experiment) return 'unknown';
  return isCampaignRunningHere(campaignId) ? experiment.status : shownStatus(experiment);
}
