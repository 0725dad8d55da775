// `npx tsx bench/parse.ts`: parseResponse throughput over the recorded response corpus
// (lib/parsing/fixtures), per fixture file and overall.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { parseResponse } from '../lib/parsing/parse-response';
import { messageFromBody } from '../lib/parsing/response-message';
import { parseJson } from '../lib/protocol/json';
import type { ResponsePreference } from '../lib/parsing/types';

type Case = { message: unknown; preference?: ResponsePreference };
type FileCases = { file: string; cases: Case[] };
type Throughput = {
  file: string;
  cases: number;
  parses: number;
  parsesPerSecond: number;
  microsecondsPerParse: number;
};

const folder = fileURLToPath(new URL('../lib/parsing/fixtures', import.meta.url));

function loadCorpus(): FileCases[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = parseJson(readFileSync(path.join(folder, file), 'utf8'));
      if (!parsed.ok) throw new Error(`${file} is not JSON: ${parsed.error}`);
      const items =
        (parsed.value as { cases?: { message?: unknown; response?: unknown; preference?: ResponsePreference }[] })
          .cases ?? [];
      const cases = items.map((item) => ({
        message: 'response' in item ? messageFromBody(item.response) : item.message,
        preference: item.preference,
      }));
      return { file, cases };
    });
}

/** Parses the cases round after round for about `seconds`; returns rounds and elapsed milliseconds. */
function timeRounds(cases: Case[], seconds: number): { rounds: number; elapsedMs: number } {
  let sink = 0;
  let rounds = 0;
  const started = performance.now();
  let elapsedMs = 0;
  while (elapsedMs < seconds * 1000) {
    for (const item of cases) sink += parseResponse(item.message, item.preference).calls.length;
    rounds += 1;
    elapsedMs = performance.now() - started;
  }
  // Keeps the results alive so that the work cannot be optimized away.
  if (sink < 0) process.stdout.write('');
  return { rounds, elapsedMs };
}

function throughput(file: string, cases: Case[], seconds: number): Throughput {
  const { rounds, elapsedMs } = timeRounds(cases, seconds);
  const parses = rounds * cases.length;
  return {
    file,
    cases: cases.length,
    parses,
    parsesPerSecond: (parses / elapsedMs) * 1000,
    microsecondsPerParse: (elapsedMs * 1000) / parses,
  };
}

function main(options: { seconds: number; json: boolean }): void {
  const corpus = loadCorpus();
  const all = corpus.flatMap((entry) => entry.cases);
  // Warm-up, so that V8 has compiled the parsers before anything is timed.
  timeRounds(all, Math.min(0.5, options.seconds));
  const perFile = corpus.map((entry) => throughput(entry.file, entry.cases, options.seconds / corpus.length));
  const overall = throughput('all', all, options.seconds);
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ overall, perFile }, null, 2)}\n`);
    return;
  }
  const row = (entry: Throughput) => {
    const perSecond = Math.round(entry.parsesPerSecond).toLocaleString('en-US');
    const micros = entry.microsecondsPerParse.toFixed(2);
    const cases = String(entry.cases).padStart(6);
    return `  ${entry.file.padEnd(28)}${cases}${perSecond.padStart(14)}${micros.padStart(12)}`;
  };
  const lines = [
    `parseResponse over ${all.length} recorded responses (lib/parsing/fixtures), Node ${process.version}`,
    `  ${'fixture file'.padEnd(28)}${'cases'.padStart(6)}${'parses/s'.padStart(14)}${'µs/parse'.padStart(12)}`,
    ...perFile.map(row),
    row(overall),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function positiveNumber(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new InvalidArgumentError('must be a positive number');
  return value;
}

new Command('parse-bench')
  .description('parseResponse throughput over the recorded response corpus')
  .option(
    '--seconds <s>',
    'time spent measuring the whole corpus (the per-file figures take as long again)',
    positiveNumber,
    1,
  )
  .option('--json', 'print the figures as JSON', false)
  .action((options: { seconds: number; json: boolean }) => main(options))
  .parse();
