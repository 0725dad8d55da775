// The dataset tests' model server and command-line runs: a local server that answers each case (found
// by its last user message) with the reply the case plans, so that every verdict has a known truth.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { runCli } from './cli-process';
import { distilCases, distilText, remoraCases, remoraText, type Case, type Reply } from './dataset-cases';

type ReceivedRequest = {
  messages: { role: string; tool_calls?: { id: string }[] }[];
  tools: { function: { name: string } }[];
};

type TruthServer = { baseUrl: string; received: ReceivedRequest[]; close: () => Promise<void> };

const replies = new Map<string, Reply>(
  [...distilCases, ...remoraCases].map((entry) => [
    (entry.messages.at(-1) as { content: string }).content,
    entry.reply,
  ]),
);

async function startTruthServer(): Promise<TruthServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'GET' && request.url === '/v1/models') {
        response.end(JSON.stringify({ object: 'list', data: [{ id: 'truth-model', object: 'model' }] }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      received.push(body);
      const last = [...body.messages].reverse().find((message: { role: string }) => message.role === 'user');
      const reply = replies.get(last?.content);
      if (reply === undefined || reply === 'fail') {
        response.statusCode = 500;
        response.end(
          JSON.stringify({
            error: { message: reply === 'fail' ? 'planned failure' : `no reply for ${last?.content}` },
          }),
        );
        return;
      }
      response.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', ...reply }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The arguments of `remora harness` for the smart_home agent on a dataset against the truth server. */
export function harnessArgs(baseUrl: string, dataset: string, db: string, ...more: string[]): string[] {
  return [
    'harness',
    '--agent',
    'smart_home',
    '--base-url',
    baseUrl,
    '--model',
    'truth-model',
    '--dataset',
    dataset,
    ...more,
    '--db',
    db,
  ];
}

/** Runs a dataset file through the harness and returns the summary it printed. */
async function runDataset(baseUrl: string, db: string, file: string, format: string) {
  const run = await runCli(harnessArgs(baseUrl, file, db, '--dataset-format', format, '--concurrency', '4', '--json'));
  expect(run.stderr).not.toContain('internal error');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

type Verdict = { correct: boolean | null; nameCorrect: boolean | null; scored: boolean; failures: string[] };

/** Each case's verdict in an experiment, by case. */
export async function verdicts(db: string, experimentId: string): Promise<Map<string, Verdict>> {
  const run = await runCli(['dataset', 'verdicts', experimentId, '--db', db]);
  expect(run.code).toBe(0);
  return new Map(
    run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .map((row) => [row.case, row]),
  );
}

/** The share of the cases `among` for which `test` holds: the accuracy the truth says. */
export function truthRate(cases: Case[], test: (entry: Case) => boolean, among: (entry: Case) => boolean) {
  const trials = cases.filter(among);
  return trials.filter(test).length / trials.length;
}

export type DatasetRuns = {
  server: TruthServer;
  folder: string;
  db: string;
  distilFile: string;
  remoraFile: string;
  // What the two runs printed, and the requests the server received during the distil-labs one.
  distilSummary: any;
  remoraSummary: any;
  distilRequests: ReceivedRequest[];
};

/** In a fresh folder and database: the truth server, and both dataset files run through the harness. */
export async function runBothDatasets(name: string): Promise<DatasetRuns> {
  const folder = mkdtempSync(path.join(tmpdir(), `remora-${name}-`));
  const db = path.join(folder, `${name}.db`);
  const distilFile = path.join(folder, 'smart-home-held-out.jsonl');
  const remoraFile = path.join(folder, 'parallel-and-irrelevant.jsonl');
  writeFileSync(distilFile, distilText);
  writeFileSync(remoraFile, remoraText);
  const server = await startTruthServer();
  const distilSummary = await runDataset(server.baseUrl, db, distilFile, 'distil');
  const distilRequests = [...server.received];
  const remoraSummary = await runDataset(server.baseUrl, db, remoraFile, 'remora');
  return { server, folder, db, distilFile, remoraFile, distilSummary, remoraSummary, distilRequests };
}
