// Export: the download buttons give a CSV, a JSON and a JSONL file that parse and hold every
// conversation of the experiment.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createExperiment, waitForEnd } from './helpers';
import { getExperiment } from './experiments-helpers';

async function download(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const where = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(where, 'utf8') };
}

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  return rows;
}

test('CSV, JSON and JSONL downloads parse and hold every conversation', async ({ page, request }) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'required', settings: { toolChoice: 'required' } }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 12,
    concurrency: 4,
  });
  await waitForEnd(request, id);
  const experiment = await getExperiment(request, id);
  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId('export-buttons')).toBeVisible();

  const csv = await download(page, 'export-csv');
  expect(csv.name).toBe(`remora-experiment-${id}-conversations.csv`);
  const [header, ...rows] = parseCsv(csv.text.replace(/^\uFEFF/, ''));
  expect(header.slice(0, 8)).toEqual([
    'conversation_id',
    'experiment_id',
    'variant',
    'slot',
    'input_index',
    'case_key',
    'input_summary',
    'outcome',
  ]);
  expect(rows).toHaveLength(24);
  const column = (name: string) => header.indexOf(name);
  for (const variant of experiment.summary.variants) {
    const own = rows.filter((row) => row[column('variant')] === variant.name);
    expect(own).toHaveLength(variant.conversations);
    // Per-conversation figures add up to the summary's.
    expect(own.reduce((sum, row) => sum + Number(row[column('model_responses')]), 0)).toBe(variant.modelCalls);
    for (const [outcome, count] of Object.entries(variant.outcomes))
      expect(own.filter((row) => row[column('outcome')] === outcome)).toHaveLength(count);
    const paths = own.flatMap((row) =>
      row[column('parse_paths')].split(' ').filter((path) => path !== '' && path !== 'request_failed'),
    );
    for (const [path, count] of Object.entries(variant.parsePaths))
      expect(paths.filter((entry) => entry === path)).toHaveLength(count);
  }

  const json = await download(page, 'export-json');
  expect(json.name).toBe(`remora-experiment-${id}.json`);
  const body = JSON.parse(json.text) as {
    experiment: { id: string; status: string };
    summary: unknown;
    conversations: { id: string }[];
  };
  expect(body.experiment).toMatchObject({ id, status: 'completed' });
  expect(body.summary).toEqual(experiment.summary);
  expect(body.conversations.map((conversation) => conversation.id).sort()).toEqual(rows.map((row) => row[0]).sort());

  const jsonl = await download(page, 'export-jsonl');
  expect(jsonl.name).toBe(`remora-experiment-${id}-transcripts.jsonl`);
  const lines = jsonl.text
    .trimEnd()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as {
          conversation: { id: string; modelCallCount: number };
          messages: { role: string }[];
          modelCalls: unknown[];
        },
    );
  expect(lines).toHaveLength(24);
  for (const line of lines) {
    expect(line.messages[0].role).toBe('system');
    expect(line.modelCalls).toHaveLength(line.conversation.modelCallCount);
  }
  expect(lines.map((line) => line.conversation.id)).toEqual(rows.map((row) => row[0]));

  // A wrong format or experiment is a clear refusal, not a broken file.
  expect((await request.get(`/api/experiments/${id}/export?format=xml`)).status()).toBe(400);
  expect((await request.get('/api/experiments/missing/export?format=csv')).status()).toBe(404);
});
