// Issue 28 items 6 and 3, what a browser sees: search results highlight what matched; the panel
// gives one concurrency range and says it in plain words; a conversation's number on a page is the
// one in the export; the experiments list's address takes the list API's parameters; and `a` on a
// campaign change whose checks failed asks before accepting it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatRequest } from '../lib/protocol/messages';
import { startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import { toolCallMessage } from '../lib/python/testing/scripted-server';
import { LIMITS } from '../lib/protocol/limits';
import { expect, test } from './fixtures';
import { createExperiment, waitForEnd } from './helpers';

const SMALL_RUN = {
  agent: 'harness',
  variants: [{ name: 'baseline' }],
  endpoint: { kind: 'simulated' },
  requestsPerVariant: 3,
};

test('search results show the passage that matched, the words highlighted', async ({ page, api }) => {
  const { id } = await api.runExperiment(SMALL_RUN);
  // "Echo the word hello." is one of the harness agent's inputs.
  await page.goto(`/search?q=HELLO&experiment=${id}`);
  const snippets = page.getByTestId('search-snippet');
  await expect(snippets.first()).toBeVisible();
  await expect(snippets.first().locator('mark').first()).toHaveText(/^hello$/i);
  await expect(snippets.first()).toContainText(/Echo the word hello/i);
  const answer = (await (await page.request.get(`/api/search?q=hello&experiment=${id}`)).json()) as {
    conversations: { snippet: { column: string; pieces: { text: string; match: boolean }[] } | null }[];
  };
  expect(answer.conversations.length).toBeGreaterThan(0);
  for (const conversation of answer.conversations)
    expect(conversation.snippet?.pieces.some((piece) => piece.match && /^hello$/i.test(piece.text))).toBe(true);
});

test('one concurrency range in the forms and the API, refused in plain words', async ({ page, request }) => {
  const { min, max } = LIMITS.concurrency;
  await page.goto('/experiments/new');
  await expect(page.getByTestId('concurrency-range')).toHaveText(`Conversations at once (${min} to ${max}).`);
  await page.goto('/campaigns');
  await expect(page.getByTestId('campaign-concurrency')).toHaveAttribute('max', String(max));
  await expect(page.getByTestId('campaign-concurrency')).toHaveAttribute('min', String(min));
  const refused = await request.post('/api/experiments', { data: { ...SMALL_RUN, concurrency: max + 1 } });
  expect(refused.status()).toBe(400);
  const text = await refused.text();
  expect(text).toContain(`concurrency: must be a whole number from ${min} to ${max}`);
  expect(text).not.toMatch(/Too big|<=/);
});

test('a conversation has the same number on its pages as in the export', async ({ page, request }) => {
  const id = await createExperiment(request, SMALL_RUN);
  await waitForEnd(request, id);
  const csv = await (await request.get(`/api/experiments/${id}/export?format=csv`)).text();
  const [head, ...rows] = csv.trim().split('\n');
  const columns = head.split(',');
  const slots = new Map(
    rows.map((row) => {
      const cells = row.split(',');
      return [cells[columns.indexOf('conversation_id')], cells[columns.indexOf('slot')]];
    }),
  );
  expect(slots.size).toBe(3);
  await page.goto(`/experiments/${id}/conversations`);
  const links = page.getByTestId('conversation-link');
  await expect(links).toHaveCount(3);
  for (const link of await links.all()) {
    const conversation = /\/conversations\/([^/?#]+)/.exec((await link.getAttribute('href')) ?? '')![1];
    await expect(link).toHaveText(`#${slots.get(conversation)}`);
  }
  const [conversation, slot] = [...slots][1];
  await page.goto(`/conversations/${conversation}`);
  await expect(page.locator('h1')).toContainText(`baseline #${slot}`);
});

test('the experiments list takes the list API’s parameters: limit and offset', async ({ page, request }) => {
  for (let run = 0; run < 2; run++)
    await waitForEnd(request, await createExperiment(request, { ...SMALL_RUN, requestsPerVariant: 1 }));
  const api = (await (await request.get('/api/experiments?limit=1&offset=1')).json()) as {
    experiments: { id: string }[];
  };
  await page.goto('/experiments?limit=1&offset=1');
  const rows = page.getByTestId('experiment-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-experiment', api.experiments[0].id);
  // The pager's links keep the same names.
  await expect(page.getByTestId('experiment-pager').getByRole('link', { name: '← newer' })).toHaveAttribute(
    'href',
    '/experiments?limit=1',
  );
  await expect(page.getByTestId('experiment-pager').getByRole('link', { name: 'older →' })).toHaveAttribute(
    'href',
    '/experiments?limit=1&offset=2',
  );
});

/** A docstring model that writes a one-line docstring: the task check fails for a function with parameters. */
function terseDocstring(request: ChatRequest): Record<string, unknown> {
  const done = request.messages.filter((message) => message.role === 'tool').map((message) => message.name);
  if (done.length === 0) return toolCallMessage('read_type_hints', {});
  if (!done.includes('write_docstring')) return toolCallMessage('write_docstring', { docstring: 'Does it.' });
  return toolCallMessage('submit_result', { summary: 'documented' });
}

test('`a` on a change whose checks failed asks first, and accepts only when told to', async ({ page, request }) => {
  test.setTimeout(240_000);
  const repo = path.join(mkdtempSync(path.join(tmpdir(), 'remora-failed-checks-')), 'repo');
  execFileSync('git', ['init', '-q', repo]);
  writeFileSync(path.join(repo, 'steps.py'), 'def alpha(x):\n    return x + 1\n');
  execFileSync('git', ['-C', repo, 'add', '-A']);
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-qm', 'start']);
  const model = await startPolicyServer(terseDocstring);
  try {
    const started = await request.post('/api/campaigns', {
      data: { agent: 'docstring', repo, baseUrl: model.baseUrl, model: 'functiongemma' },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    await page.goto(`/campaigns/${id}`);
    const change = page.getByTestId('change').first();
    await expect(change).toHaveAttribute('aria-current', 'true', { timeout: 120_000 });
    await expect(change.getByText('checks failed')).toBeVisible();
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.locator('body').press('a');
    await expect.poll(() => asked).toEqual(['The checks of alpha failed. Accept it anyway?']);
    await expect(change).toHaveAttribute('data-status', 'pending');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('body').press('a');
    await expect(change).toHaveAttribute('data-status', 'accepted');
  } finally {
    await model.close();
  }
});
