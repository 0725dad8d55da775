// An experiment's settings take one path from the request to the stored column and back (issue 26
// item 3). Moving that path must not change a byte of what is stored or shown: the stored config
// (and its hash, which finds an unfinished run of the same settings), the panel's view, clone draft
// and transcript, for one experiment made by the command line and one made by the API, on fixed
// simulator seeds. The golden is test/fixtures/settings-identity/golden.json (made before the move);
// `UPDATE_SETTINGS_GOLDEN=1` writes it again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { configHash, getExperiment } from '../lib/db/queries/experiments';
import { JobRunner } from '../lib/experiments/job-runner';
import { getConversationTranscript } from '../lib/panel/conversations/conversations';
import { createExperimentFromRequest } from '../lib/panel/experiments/create';
import { cloneDraft } from '../lib/panel/experiments/clone-draft';
import { getExperimentView, listExperimentConversations } from '../lib/panel/experiments/experiments';
import { getExperimentFormOptions } from '../lib/panel/experiments/form';
import { CreateExperimentRequest } from '../lib/panel/experiments/requests';
import { openTestPanel, type TestPanel } from '../lib/panel/testing/panel-context';
import type { PanelContext } from '../lib/panel/context';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { harnessWithFixtureVariants, projectRoot, runCli } from './cli-process';

const GOLDEN = path.join(projectRoot, 'test', 'fixtures', 'settings-identity', 'golden.json');

let simulator: SimServer;
let panel: TestPanel;
let folder: string;

beforeAll(async () => {
  simulator = await startSimServer({ port: 0, seed: 7 });
  panel = await openTestPanel();
  folder = mkdtempSync(path.join(tmpdir(), 'remora-settings-identity-'));
});
afterAll(async () => {
  await simulator?.close();
  await panel?.dispose();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Keys whose values follow the clock or the random ids, not the settings. */
const CLOCK_KEY = /(^id$|Id$|At$|latency|duration|Ms$)/i;
/** Times that are settings, kept. */
const SETTING_KEY = /^(timeoutMs|firstByteMs|idleMs|totalMs|baseDelayMs|maxDelayMs)$/;

/** The value as text with the clock, the ids and the machine's folders replaced. */
function normalized(value: unknown, ids: string[]): string {
  const text = JSON.stringify(
    value,
    (key, item) => (CLOCK_KEY.test(key) && !SETTING_KEY.test(key) && item !== null ? `<${key}>` : item),
    1,
  );
  let result = text.split(projectRoot).join('<root>').split(folder).join('<folder>');
  for (const id of ids) result = result.split(id).join('<experiment>').split(id.slice(0, 8)).join('<experiment>');
  return result
    .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://127.0.0.1:<port>')
    .split(tmpdir())
    .join('<tmp>')
    .replace(/<tmp>\/remora-db-[^/"]+/g, '<database folder>');
}

/** What the panel shows and stores of one experiment. */
async function panelOutputs(context: PanelContext, id: string) {
  const row = getExperiment(context.database, id);
  const view = getExperimentView(context, id);
  const first = listExperimentConversations(context, id, { limit: 1, offset: 0 }).conversations[0];
  const transcript = getConversationTranscript(context, first.id);
  const options = await getExperimentFormOptions(context);
  return {
    storedConfig: row?.config,
    // The hash depends on the machine's folders: what must hold is that it is the config's.
    hashIsTheConfigs: row !== null && row.configHash === configHash(row.config),
    settings: view.settings,
    summary: view.summary,
    clone: cloneDraft(context, options, id),
    firstRequest: transcript.modelCalls[0].request,
  };
}

describe('an experiment’s settings, stored and shown', () => {
  it('are byte for byte what they were, from the command line and from the API', async () => {
    const file = path.join(folder, 'cli.db');
    const run = await runCli(
      harnessWithFixtureVariants(simulator.url, 3, file, ['--concurrency', '1', '--json', '--temperature', '0.3']),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const cliId = (JSON.parse(run.stdout) as { experimentId: string }).experimentId;
    const database = openDatabase(file);
    const jobRunner = new JobRunner({ database, toolPoolSize: 1, log: () => {} });
    const cliPanel: PanelContext = { database, jobRunner, root: projectRoot, simulatorUrl: () => simulator.url };
    const fromCli = await panelOutputs(cliPanel, cliId);
    await jobRunner.close();
    closeDatabase(database);

    const { id: apiId } = await createExperimentFromRequest(
      panel,
      CreateExperimentRequest.parse({
        agent: 'harness',
        variants: [
          { name: 'baseline' },
          { name: 'strict', systemPrompt: 'Call simple_tool.', settings: { toolChoice: 'required', topP: 0.9 } },
        ],
        endpoint: { kind: 'simulated', requestTimeouts: { totalMs: 60_000 } },
        requestsPerVariant: 2,
        concurrency: 1,
        temperature: 0.5,
        maxTokens: 128,
        primaryMetric: 'toolCallRate',
        noWorseMargin: 0.05,
      }),
    );
    await panel.jobRunner.whenDone(apiId);
    const fromApi = await panelOutputs(panel, apiId);

    const actual = normalized({ cli: { stdout: JSON.parse(run.stdout), ...fromCli }, api: fromApi }, [cliId, apiId]);
    if (process.env.UPDATE_SETTINGS_GOLDEN === '1') writeFileSync(GOLDEN, `${actual}\n`);
    expect(actual).toBe(readFileSync(GOLDEN, 'utf8').trimEnd());
  }, 120_000);
});
