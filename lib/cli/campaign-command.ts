// `remora campaign list|show|accept|reject|export|apply|test`: review a campaign's changes and put
// the accepted ones back into the repository.
import { writeFile } from 'node:fs/promises';
import Table from 'cli-table3';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../db/client';
import { getCampaign, listCampaigns } from '../db/queries/campaigns';
import { methodOffers } from '../db/queries/campaign-nodes';
import type { CampaignRow } from '../db/schema';
import { InputError, NotFoundError, RemoraError } from '../errors';
import { applyToBranch, applyToWorkingTree, exportPatch } from '../campaigns/apply';
import { describeFinished, finishInterruptedApply } from '../campaigns/apply-journal';
import { acceptAllPassing, acceptChanges, rejectChanges } from '../campaigns/review';
import { runRepositoryTests, type TestRun } from '../campaigns/test-command';
import { describe } from './harness-command';
import { campaignJson, skippedNodes } from './campaign-output';
import { exitCodeFor } from './exit-code';
import { plural } from '../plural';
import { shownStatus } from '../experiments/lease';

type Io = { out(text: string): void; err(text: string): void };
const io: Io = { out: (text) => process.stdout.write(`${text}\n`), err: (text) => process.stderr.write(`${text}\n`) };

async function withDatabase(
  db: string,
  action: (database: RemoraDatabase) => Promise<number> | number,
): Promise<number> {
  let database: RemoraDatabase | null = null;
  try {
    database = openDatabase(db);
    return await action(database);
  } catch (error) {
    io.err(describe(error));
    return exitCodeFor(error);
  } finally {
    if (database) closeDatabase(database);
  }
}

function campaignOf(database: RemoraDatabase, id: string): CampaignRow {
  const campaign = getCampaign(database, id);
  if (!campaign) throw new NotFoundError(`no campaign with id ${id} (campaign list shows them)`);
  return campaign;
}

export function listCommand(options: { db: string; json: boolean }): Promise<number> {
  return withDatabase(options.db, (database) => {
    // A run nobody carries on any more (its process killed) shows as interrupted, as in the panel.
    const campaigns = listCampaigns(database).map(({ runnerId, heartbeatAt, ...campaign }) => ({
      ...campaign,
      status: shownStatus({ status: campaign.status, runnerId, heartbeatAt }),
    }));
    if (options.json) {
      io.out(
        JSON.stringify(
          campaigns.map(({ settings, ...campaign }) => ({
            ...campaign,
            exclude: (settings as { exclude?: string[] }).exclude ?? [],
          })),
        ),
      );
      return 0;
    }
    const table = new Table({
      head: ['id', 'agent', 'repository', 'status', 'files', 'nodes', 'ran', 'skipped', 'changes', 'accepted'],
    });
    for (const item of campaigns)
      table.push([
        item.id,
        item.agentName,
        item.repoRoot,
        item.status,
        item.files,
        item.nodes.found,
        item.nodes.ran,
        item.nodes.skipped,
        item.changes,
        item.accepted,
      ]);
    io.out(campaigns.length === 0 ? 'no campaigns yet (campaign run starts one)' : table.toString());
    return 0;
  });
}

/** pass, FAIL, or DESTRUCTIVE when the only failed check is the one comparing against the original. */
function checksColumn(change: { checks: Record<string, unknown>; checksPassed: boolean | null }): string {
  if (change.checksPassed === null) return '-';
  if (change.checksPassed) return 'pass';
  const failed = Object.entries(change.checks).filter(([, check]) => (check as { passed?: boolean }).passed === false);
  return failed.length === 1 && failed[0][0] === 'preserved' ? 'DESTRUCTIVE' : 'FAIL';
}

export function showCommand(id: string, options: { db: string; json: boolean }): Promise<number> {
  return withDatabase(options.db, async (database) => {
    campaignOf(database, id);
    // An apply killed half way is finished first, so that what is shown is what the repository holds;
    // one that cannot be finished is said, and the campaign shown all the same.
    await finishInterruptedApply(database, id).then(
      (finished) => finished && io.err(describeFinished([id])),
      (error: unknown) => io.err(describe(error)),
    );
    const view = {
      ...campaignJson(database, id, { withChanges: true }),
      skippedNodes: skippedNodes(database, id),
      methods: methodOffers(database, id),
    };
    if (options.json) {
      io.out(JSON.stringify(view));
      return 0;
    }
    const commit = view.gitCommit ? ` at ${view.gitCommit.slice(0, 12)}` : '';
    io.out(`campaign ${view.id}: agent ${view.agent} (${view.variant}) on ${view.repoRoot}${commit}, ${view.status}`);
    io.out(
      `${view.files} files, ${view.nodes} nodes: ${view.ran} ran, ${view.skipped} skipped, ${view.pending} pending; ` +
        `${view.changes.length} changes (${view.accepted} accepted)`,
    );
    if (view.methods.total > 0) {
      const why = view.methods.notOffered.map((item) => `${item.count} ${item.reason}`).join(', ');
      io.out(`methods: ${view.methods.offered} of ${view.methods.total} offered${why ? `; not offered: ${why}` : ''}`);
    }
    const table = new Table({ head: ['change', 'file', 'node', 'status', 'checks', 'summary'] });
    for (const change of view.changes)
      table.push([
        change.id,
        change.file,
        change.node,
        change.status,
        checksColumn(change),
        (change.summary ?? '').replace(/\s+/g, ' ').slice(0, 60),
      ]);
    if (view.changes.length > 0) io.out(table.toString());
    for (const change of view.changes) {
      const preserved = change.checks.preserved as { passed?: boolean; message?: string } | undefined;
      if (preserved?.passed === false) io.out(`${change.id} ${change.node}: ${preserved.message}`);
    }
    for (const node of view.skippedNodes.slice(0, 50))
      io.out(`skipped ${node.file}:${node.line} ${node.node}: ${node.reason}`);
    if (view.skippedNodes.length > 50)
      io.out(`... and ${view.skippedNodes.length - 50} more skipped (show --json lists them all)`);
    return 0;
  });
}

export function acceptCommand(
  id: string,
  changeIds: string[],
  options: { db: string; allPassing: boolean; includeDestructive?: boolean },
): Promise<number> {
  return withDatabase(options.db, (database) => {
    const campaign = campaignOf(database, id);
    if (options.allPassing === changeIds.length > 0)
      throw new InputError('give change ids or --all-passing (one of them)');
    if (options.includeDestructive && !options.allPassing)
      throw new InputError('--include-destructive goes with --all-passing');
    const outcome = options.allPassing
      ? acceptAllPassing(database, campaign, { includeDestructive: options.includeDestructive })
      : acceptChanges(database, campaign, changeIds);
    io.out(`accepted ${plural(outcome.accepted.length, 'change')}`);
    for (const skipped of outcome.skipped) io.err(`not accepted ${skipped.id}: ${skipped.reason}`);
    if (outcome.skipped.some((skipped) => skipped.destructive))
      io.err('--all-passing --include-destructive accepts the destructive ones too');
    return 0;
  });
}

export function rejectCommand(id: string, changeIds: string[], options: { db: string }): Promise<number> {
  return withDatabase(options.db, (database) => {
    if (changeIds.length === 0) throw new InputError('give the ids of the changes to reject');
    const count = rejectChanges(database, campaignOf(database, id), changeIds);
    io.out(`rejected ${plural(count, 'change')}`);
    return 0;
  });
}

export function exportCommand(id: string, options: { db: string; out: string }): Promise<number> {
  return withDatabase(options.db, async (database) => {
    const result = await exportPatch(database, campaignOf(database, id));
    await writeFile(options.out, result.patch);
    for (const line of result.notes) io.err(`note: ${line}`);
    io.out(`wrote ${options.out}: ${plural(result.changes, 'change')} in ${plural(result.files.length, 'file')}`);
    return 0;
  });
}

export function applyCommand(
  id: string,
  options: { db: string; branch?: string; testCommand?: string; unsafeNoSandbox?: boolean; workspaceLimit?: number },
): Promise<number> {
  return withDatabase(options.db, async (database) => {
    const campaign = campaignOf(database, id);
    const result = options.branch
      ? await applyToBranch(database, campaign, options.branch)
      : await applyToWorkingTree(database, campaign);
    io.out(
      result.branch
        ? `committed ${plural(result.files.length, 'file')} on branch ${result.branch} (one commit per file)`
        : `applied the accepted changes to ${plural(result.files.length, 'file')} in ${campaign.repoRoot}`,
    );
    for (const file of result.files) io.out(`  ${file}`);
    if (!options.testCommand) return 0;
    return reportTests(
      await runRepositoryTests(database, campaign, options.testCommand, {
        branch: result.branch,
        allowUnconfined: options.unsafeNoSandbox,
        workspaceBytes: options.workspaceLimit,
      }),
    );
  });
}

function reportTests(run: TestRun): number {
  const where = `${run.where}, ${run.confinement === 'none' ? 'without a sandbox' : 'in the sandbox'}`;
  const outcome = run.passed ? 'passed' : run.exitCode === null ? 'could not run' : `failed (exit ${run.exitCode})`;
  io.out(`${run.command} (${where}): ${outcome}`);
  if (!run.passed) io.err(run.output);
  return run.passed ? 0 : 3;
}

export function testCommand(
  id: string,
  options: { db: string; command: string; branch?: string; unsafeNoSandbox?: boolean; workspaceLimit?: number },
): Promise<number> {
  return withDatabase(options.db, async (database) =>
    reportTests(
      await runRepositoryTests(database, campaignOf(database, id), options.command, {
        branch: options.branch,
        allowUnconfined: options.unsafeNoSandbox,
        workspaceBytes: options.workspaceLimit,
      }),
    ),
  );
}
