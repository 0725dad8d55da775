// `npx tsx bench/panel-queries.ts`: fills a database with 100,000 real-shaped conversations (three
// variants, written through the batched conversation writer as experiments write them) and times,
// in server time, what the experiment page and the conversation list ask of it. Goal: every one
// under 300 ms.
//
//   npx tsx bench/panel-queries.ts [--conversations N] [--runs N] [--db PATH] [--keep] [--json]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { projectRoot } from '../lib/config';
import { listExportBatch } from '../lib/db/queries/experiment-export';
import { setExperimentStatus } from '../lib/db/queries/experiments';
import { getMetricsInput } from '../lib/db/queries/metrics-facts';
import { countedMetricsInput } from '../lib/db/counters/read-counters';
import { verifyCounters } from '../lib/db/counters/verify';
import { JobRunner } from '../lib/experiments/job-runner';
import type { PanelContext } from '../lib/panel/context';
import { compareVariants } from '../lib/panel/compare/compare';
import { listConversationPage } from '../lib/panel/conversations/conversations';
import { readConversationListRequest } from '../lib/panel/conversations/query';
import { getExperimentChartData, getExperimentPageData } from '../lib/panel/experiments/charts';
import { getAgentHistory } from '../lib/panel/experiments/history';
import { experimentReliability } from '../lib/panel/experiments/reliability';
import { forgetSummaries } from '../lib/panel/experiments/summary-cache';
import { forgetKeptValues } from '../lib/panel/kept-values';
import { customCheckRates } from '../lib/db/queries/custom-check-rates';
import { getExperimentView, listExperimentConversations } from '../lib/panel/experiments/experiments';
import { PROFILES } from './panel-records';
import { log, fill } from './panel-fill';
import { loadAverages, time, timingTable, type Timing } from './query-timing';

type Options = { conversations: number; runs: number; db: string | null; keep: boolean; reuse: boolean; json: boolean };

function readOptions(argv: string[]): Options {
  const options: Options = { conversations: 100_000, runs: 7, db: null, keep: false, reuse: false, json: false };
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    const value = () => {
      const next = argv[++index];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--conversations') options.conversations = Number(value());
    else if (flag === '--runs') options.runs = Number(value());
    else if (flag === '--db') options.db = value();
    else if (flag === '--keep') options.keep = true;
    else if (flag === '--reuse') options.reuse = true;
    else if (flag === '--json') options.json = true;
    else throw new Error(`unknown option ${flag}`);
  }
  if (!Number.isInteger(options.conversations) || options.conversations < PROFILES.length)
    throw new Error('--conversations must be a whole number of at least 3');
  if (!Number.isInteger(options.runs) || options.runs < 1)
    throw new Error('--runs must be a whole number of at least 1');
  return options;
}

const COUNTS =
  'select (select count(*) from conversations) as conversations, (select count(*) from model_calls) as calls, ' +
  '(select count(*) from messages) as messages, (select count(*) from tool_executions) as executions';

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const folder = options.db ? null : mkdtempSync(path.join(tmpdir(), 'remora-panel-bench-'));
  const file = options.db ?? path.join(folder as string, 'bench.db');
  const database = openDatabase(file);
  const jobRunner = new JobRunner({ database, toolPoolSize: 1, log: () => {} });
  const context: PanelContext = {
    database,
    jobRunner,
    root: projectRoot(),
    simulatorUrl: () => 'http://127.0.0.1:9/v1',
  };
  try {
    const perVariant = Math.ceil(options.conversations / PROFILES.length);
    // --reuse: a database this benchmark filled before (--db FILE --keep) is timed again as it is.
    const reused = options.reuse
      ? (database.$client
          .prepare(
            'select experiment_id as id from conversations group by experiment_id order by count(*) desc limit 1',
          )
          .get() as { id: string } | undefined)
      : undefined;
    if (reused) log(`reusing the largest experiment of ${file}`);
    else log(`filling ${file} with ${perVariant * PROFILES.length} conversations (${PROFILES.length} variants)...`);
    const big = reused ? { id: reused.id, seconds: Number.NaN } : await fill(database, perVariant, 1);
    // A second, smaller experiment, so that every query has to keep to its own experiment.
    const small = reused ? null : await fill(database, 500, 10_000_000);
    const counts = database.$client.prepare(COUNTS).get() as Record<string, number>;
    log(
      `written in ${big.seconds.toFixed(1)} s (${Math.round((perVariant * PROFILES.length) / big.seconds)} ` +
        `conversations/s); the file holds ${counts.conversations} conversations, ${counts.calls} model calls, ` +
        `${counts.messages} messages, ${counts.executions} tool executions`,
    );

    const id = big.id;
    const summary = getExperimentView(context, id).summary;
    const page = (query: Record<string, string>) => () =>
      listConversationPage(context, id, readConversationListRequest(query));
    const pageDetail = (result: unknown) => {
      const view = result as ReturnType<typeof listConversationPage>;
      const total = view.page.total;
      const counted = total === null ? 'not counted' : `${total.exact ? '' : '> '}${total.count}`;
      return `${view.page.conversations.length} rows, total ${counted}`;
    };
    const apiPage = (query: Parameters<typeof listExperimentConversations>[2]) => () =>
      listExperimentConversations(context, id, query);
    const apiDetail = (result: unknown) => {
      const found = result as ReturnType<typeof listExperimentConversations>;
      return `${found.conversations.length} rows of ${found.total}`;
    };
    const compareBaseline = () =>
      compareVariants(context, { experimentId: id, variant: 'baseline' }, { experimentId: id, variant: 'directive' });
    const pairsDetail = (result: unknown) =>
      `${(result as { perInput: { tally: { pairs: number } } }).perInput.tally.pairs} pairs`;
    const cold =
      <Result>(work: () => Result) =>
      () => {
        forgetSummaries(database);
        forgetKeptValues(database);
        return work();
      };
    // While the experiment runs: the summary from the live counters (lib/db/counters), never kept.
    setExperimentStatus(database, id, 'running');
    const live: Timing[] = [
      time(
        'GET /api/experiments/:id while running (live counters)',
        options.runs,
        () => getExperimentView(context, id),
        (result) => {
          const { variants } = (result as { summary: { variants: { conversations: number }[] } }).summary;
          return `${variants.reduce((sum, variant) => sum + variant.conversations, 0)} conversations`;
        },
      ),
      time('experiment page while running: view + charts', options.runs, () => getExperimentPageData(context, id)),
      time(
        'remora verify: recount every counter from the rows',
        Math.min(options.runs, 3),
        () => verifyCounters(database, id),
        (result) => `${(result as { differences: unknown[] }).differences.length === 0 ? 'agree' : 'DISAGREE'}`,
      ),
    ];
    setExperimentStatus(database, id, 'completed');
    const timings: Timing[] = [
      ...live,
      time(
        'summary facts, one fact per call (before)',
        options.runs,
        () => getMetricsInput(database, id),
        (result) => `${(result as { modelCalls: unknown[] }).modelCalls.length} model-call facts`,
      ),
      time(
        'summary facts, aggregated in SQL',
        options.runs,
        () => getMetricsInput(database, id, { responses: 'aggregate' }),
        (result) => `${(result as { responses: unknown[] }).responses.length} variants' latency and tokens`,
      ),
      time(
        'GET /api/experiments/:id, summary computed (running)',
        options.runs,
        cold(() => getExperimentView(context, id)),
        (result) => `${(result as { summary: { variants: unknown[] } }).summary.variants.length} variants`,
      ),
      time('GET /api/experiments/:id, finished (summary kept)', options.runs, () => getExperimentView(context, id)),
      time(
        'chart data (turns and latency distributions)',
        options.runs,
        () => getExperimentChartData(context, id, summary),
        (result) => `${(result as { latency: { groups: unknown[] } }).latency.groups.length} latency groups`,
      ),
      time(
        'experiment page: view + charts, summary computed',
        options.runs,
        cold(() => getExperimentPageData(context, id)),
      ),
      time('experiment page: view + charts, finished', options.runs, () => getExperimentPageData(context, id)),
      time(
        'experiment page: per-input reliability (finished)',
        options.runs,
        () => experimentReliability(context, id),
        (result) => `${(result as { inputs: number }).inputs} inputs`,
      ),
      time('conversation list page, first page, no filter', options.runs, page({}), pageDetail),
      time('conversation list page, variant=directive', options.runs, page({ variant: 'directive' }), pageDetail),
      time('conversation list page, outcome=no_tool_call', options.runs, page({ outcome: 'no_tool_call' }), pageDetail),
      time(
        'conversation list page, parsePath=malformed (rare)',
        options.runs,
        page({ parsePath: 'malformed' }),
        pageDetail,
      ),
      time('conversation list page, error=tool_failed', options.runs, page({ error: 'tool_failed' }), pageDetail),
      time(
        'conversation list page, variant + outcome + parsePath',
        options.runs,
        page({ variant: 'baseline', outcome: 'submitted', parsePath: 'functiongemma_tags' }),
        pageDetail,
      ),
      time(
        'conversation list page, text search q="request 4242"',
        options.runs,
        page({ q: 'request 4242' }),
        pageDetail,
      ),
      time('API conversations, first page (limit 50)', options.runs, apiPage({ limit: 50, offset: 0 }), apiDetail),
      time(
        'API conversations, parsePath=json_array',
        options.runs,
        apiPage({ parsePath: 'json_array', limit: 50, offset: 0 }),
        apiDetail,
      ),
      time(
        'API conversations, variant + outcome, offset 20,000',
        options.runs,
        apiPage({ variant: 'required', outcome: 'submitted', limit: 50, offset: 20_000 }),
        apiDetail,
      ),
      time(
        'export: one CSV batch of 500 conversations',
        options.runs,
        () => listExportBatch(database, id, { variantIndex: 1, slot: 20_000 }, 500),
        (result) => `${(result as unknown[]).length} rows`,
      ),
      time(
        'agent history, summaries computed',
        options.runs,
        cold(() => getAgentHistory(context, 'harness')),
        (result) => `${(result as { points: unknown[] }).points.length} points`,
      ),
      time('experiment page: custom-check rates (none configured)', options.runs, () => customCheckRates(database, id)),
      time(
        'compare page: baseline against directive, first view (pairs counted)',
        options.runs,
        cold(() => compareBaseline()),
        pairsDetail,
      ),
      time('compare page: baseline against directive (pairs kept)', options.runs, compareBaseline, pairsDetail),
      // The new-experiment form's power hint reads this for each agent's latest A/B experiment
      // (lib/experiments/plan-checks.ts); it read 'summary facts, aggregated in SQL' until session 24.
      time(
        "power hint's read of one experiment (counters)",
        options.runs,
        () => countedMetricsInput(database, id, { firstRepeats: false }),
        (result) => `${(result as { inputs: unknown[] }).inputs.length} variant-input facts`,
      ),
    ];
    void small;
    if (options.json) {
      const figures = {
        conversations: counts.conversations,
        modelCalls: counts.calls,
        fillSeconds: big.seconds,
        timings,
      };
      process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
      return;
    }
    const verdict = (timing: Timing) => {
      if (timing.name.endsWith('(before)') || timing.name.startsWith('remora verify')) return '';
      return timing.maxMs < (timing.name.includes('while running') ? 50 : 300) ? 'ok' : 'SLOW';
    };
    process.stdout.write(timingTable('query', timings, verdict));
    process.stdout.write(
      `\n${options.runs} runs each after a warm-up; server time in this process (no HTTP, no rendering). ` +
        'Goal: 50 ms while running, 300 ms otherwise.\n',
    );
    process.stdout.write(`load average when done: ${loadAverages()} (${cpus().length} cores)\n`);
  } finally {
    await jobRunner.close();
    closeDatabase(database);
    if (folder && !options.keep) rmSync(folder, { recursive: true, force: true });
    else log(`kept ${file}`);
  }
}

await main();
