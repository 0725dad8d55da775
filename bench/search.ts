// `npx tsx --conditions=react-server bench/search.ts`: full-text and structured search over 100,000 stored
// conversations.
// Fills a database through the batched conversation writer (two experiments of the harness agent:
// 98,000 and 2,000 conversations), plants a rare word in 3 of them (2 in the big experiment, 1 in
// the small one), labels a few, and times in server time what the search page and the API ask:
// one experiment or all, rare and common words, with the structured filters. Goal: under 100 ms.
// It also writes the same conversations with the index's trigger dropped, to show what indexing
// costs a run.
//
//   npx tsx --conditions=react-server bench/search.ts [--conversations N] [--runs N] [--db PATH] [--keep] [--json]
//     [--reuse] [--no-write-cost]
// --reuse measures again on a database an earlier `--db PATH --keep` filled (no fill, no labels).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { addConversationLabel } from '../lib/db/queries/conversation-review';
import { searchConversations } from '../lib/db/queries/conversation-search';
import { searchAllConversations } from '../lib/db/queries/global-search';
import { loadAverages, time, timingTable, type Timing } from './query-timing';
import { fill, RARE_WORD, writeCost } from './search-fill';

type Options = {
  conversations: number;
  runs: number;
  db: string | null;
  keep: boolean;
  json: boolean;
  reuse: boolean;
  writeCost: boolean;
};

function readOptions(argv: string[]): Options {
  const options: Options = {
    conversations: 100_000,
    runs: 7,
    db: null,
    keep: false,
    json: false,
    reuse: false,
    writeCost: true,
  };
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
    else if (flag === '--json') options.json = true;
    else if (flag === '--reuse') options.reuse = true;
    else if (flag === '--no-write-cost') options.writeCost = false;
    else throw new Error(`unknown option ${flag}`);
  }
  if (options.reuse && (options.db === null || !options.keep)) throw new Error('--reuse needs --db PATH and --keep');
  if (!Number.isInteger(options.conversations) || options.conversations < 4000)
    throw new Error('--conversations must be a whole number of at least 4000');
  return options;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

type AnyPage = { conversations: unknown[]; total: { count: number; exact?: boolean; experiments?: number } };
const pageDetail = (result: unknown) => {
  const page = result as AnyPage;
  const where = typeof page.total.experiments === 'number' ? ` in ${page.total.experiments} experiment(s)` : '';
  const total = `${page.total.exact === false ? '> ' : ''}${page.total.count}`;
  return `${page.conversations.length} rows, total ${total}${where}`;
};

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-search-bench-'));
  const file = options.db ?? path.join(folder, 'bench.db');
  const database = openDatabase(file);
  try {
    const small = 2_000;
    let big = options.conversations - small;
    let id: string;
    if (options.reuse) {
      // The big experiment is the one with the most conversations.
      const stored = database.$client
        .prepare('select id, total_conversations as total from experiments order by total_conversations')
        .all() as { id: string; total: number }[];
      if (stored.length < 2) throw new Error(`${file} holds no earlier fill`);
      id = stored[stored.length - 1].id;
      big = stored.reduce((sum, row) => sum + row.total, 0) - small;
      log(`measuring on ${file} as filled before (${big + small} conversations)...`);
    } else {
      log(`filling ${file} with ${big + small} conversations...`);
      const first = fill(database, big, new Set([1_234, Math.floor(big * 0.8)]), 1);
      const second = fill(database, small, new Set([777]), 50_000_000);
      const seconds = first.seconds + second.seconds;
      log(
        `written in ${seconds.toFixed(1)} s (${Math.round((big + small) / seconds)} conversations/s, index included)`,
      );
      const labelled = searchConversations(database, first.id, { outcome: 'error', limit: 40 }).conversations;
      for (const conversation of labelled) addConversationLabel(database, conversation.id, 'reviewed');
      id = first.id;
    }
    const runs = options.runs;
    const timings: Timing[] = [
      time(
        `all experiments: q=${RARE_WORD} (3 matches)`,
        runs,
        () => searchAllConversations(database, { text: RARE_WORD }),
        pageDetail,
      ),
      time(
        'all experiments: q=ping (common word, one in five)',
        runs,
        () => searchAllConversations(database, { text: 'ping' }),
        pageDetail,
      ),
      time(
        'all experiments: q=payload (in every conversation)',
        runs,
        () => searchAllConversations(database, { text: 'payload' }),
        pageDetail,
      ),
      time(
        'all experiments: q="upstream timed out" (phrase)',
        runs,
        () => searchAllConversations(database, { text: '"upstream timed out"' }),
        pageDetail,
      ),
      time(
        'all experiments: tool=simple_tool argument=payload=ping',
        runs,
        () => searchAllConversations(database, { tool: 'simple_tool', argument: 'payload=ping' }),
        pageDetail,
      ),
      time(
        'all experiments: label=reviewed',
        runs,
        () => searchAllConversations(database, { label: 'reviewed' }),
        pageDetail,
      ),
      time(
        'all experiments: q=ping errorKind=tool_failed',
        runs,
        () => searchAllConversations(database, { text: 'ping', errorKind: 'tool_failed' }),
        pageDetail,
      ),
      time(
        `one experiment: q=${RARE_WORD}`,
        runs,
        () => searchConversations(database, id, { text: RARE_WORD }),
        pageDetail,
      ),
      time('one experiment: q=ping', runs, () => searchConversations(database, id, { text: 'ping' }), pageDetail),
      time(
        'one experiment: q=payload (every conversation)',
        runs,
        () => searchConversations(database, id, { text: 'payload' }),
        pageDetail,
      ),
      time(
        'one experiment: q=ping variant=directive outcome=submitted',
        runs,
        () => searchConversations(database, id, { text: 'ping', variantIndex: 1, outcome: 'submitted' }),
        pageDetail,
      ),
      time(
        'one experiment: q=ping, page 20 (keyset)',
        runs,
        () => searchConversations(database, id, { text: 'ping', after: { variantIndex: 0, slot: 20 * 50 * 5 } }),
        pageDetail,
      ),
      time(
        'one experiment: tool=submit_result verdict=unscored',
        runs,
        () => searchConversations(database, id, { tool: 'submit_result', verdict: 'unscored' }),
        pageDetail,
      ),
      time(
        'one experiment: argument=ping',
        runs,
        () => searchConversations(database, id, { argument: 'ping' }),
        pageDetail,
      ),
    ];
    let cost = { withIndexMicros: NaN, withoutIndexMicros: NaN };
    if (options.writeCost) {
      log('measuring what the index costs a run (seven more fills of 10,000)...');
      cost = writeCost(folder, 10_000);
    }
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ conversations: big + small, timings, writeCost: cost }, null, 2)}\n`);
      return;
    }
    process.stdout.write(timingTable('search', timings, (timing) => (timing.maxMs < 100 ? 'ok' : 'SLOW')));
    process.stdout.write(`\n${runs} runs each after a warm-up; server time in this process (no HTTP, no rendering).\n`);
    const extra = cost.withIndexMicros - cost.withoutIndexMicros;
    if (options.writeCost)
      process.stdout.write(
        `writing (CPU per conversation, record generation included): ${Math.round(cost.withIndexMicros)} µs ` +
          `with the index, ${Math.round(cost.withoutIndexMicros)} µs without: ` +
          `the index costs ${Math.round(extra)} µs a conversation.\n`,
      );
    process.stdout.write(`load average at the end: ${loadAverages()}\n`);
  } finally {
    closeDatabase(database);
    if (!options.keep) rmSync(folder, { recursive: true, force: true });
    else log(`kept ${file}`);
  }
}

await main();
