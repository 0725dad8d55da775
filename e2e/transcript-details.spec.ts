// Everything a transcript shows: per model call the request it sent and the raw response (loaded
// when opened), and for a dataset run the expected call beside the actual one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screenshot } from './helpers';
import { expect, scripted, test } from './fixtures';

type Transcript = {
  conversation: {
    id: string;
    outcome: string;
    inputIndex: number;
    verdict: { correct: boolean; scored: boolean; calls: { name: string }[] } | null;
  };
};

test('a model call shows the messages it sent and the raw response', async ({ page, api, simulator }) => {
  // A model that echoes, then submits, every time: each conversation is submitted.
  const { endpoint } = await simulator(scripted('simple_tool', 'submit_result'));
  const { id } = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'solo' }],
    endpoint,
    requestsPerVariant: 6,
  });
  const list = await api.conversations(id, 'outcome=submitted');
  expect(list.total).toBe(6);
  const conversationId = list.conversations[0].id;
  const transcript = await api.transcript(conversationId);
  const first = transcript.modelCalls[0];
  expect(first.calls.map((made) => made.name)).toEqual(['simple_tool']);

  await page.goto(`/conversations/${conversationId}`);
  const call = page.getByTestId('model-call').first();
  await expect(call.getByTestId('parse-path')).toHaveText(first.parsePath ?? 'request failed');
  await expect(call.locator('summary').first()).toContainText(`turn ${first.turn}`);
  await expect(call.locator('summary').first()).toContainText(/\d+ ms/);
  // Folded until opened: a long transcript stays short.
  await expect(call.getByTestId('validated-calls')).toBeHidden();
  await call.locator('summary').first().click();
  await expect(call.getByTestId('validated-calls')).toContainText(first.calls[0].name);

  await call.getByTestId('request-details').locator('summary').click();
  const sent = call.getByTestId('request-message');
  await expect(sent).toHaveCount(first.request.messages.length);
  expect(await sent.evaluateAll((items) => items.map((item) => item.getAttribute('data-role')))).toEqual(
    first.request.messages.map((message) => message.role),
  );
  await expect(sent.nth(1)).toContainText(first.request.messages[1].content ?? '');
  await call.getByTestId('request-json').locator('xpath=..').locator('summary').click();
  await expect(call.getByTestId('request-json')).toContainText('"tools"');

  await call.getByTestId('response-details').locator('summary').click();
  await expect(call.getByTestId('raw-response')).toHaveText(JSON.stringify(first.response, null, 2));
  await screenshot(page, 'transcript-call-details');

  await page.setViewportSize({ width: 420, height: 900 });
  await screenshot(page, 'narrow-transcript-call-details');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide).toBeLessThanOrEqual(0);
});

test('a dataset transcript shows the expected call beside the actual one, differences marked', async ({
  page,
  request,
  api,
}) => {
  const lines = readFileSync(path.join('agents', 'smart_home', 'dataset.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 10);
  const name = `e2e-expected-${Date.now()}`;
  const imported = await request.post('/api/datasets', { data: { name, format: 'remora', text: lines.join('\n') } });
  expect(imported.status(), await imported.text()).toBeLessThan(300);
  // The same cases stored before (an earlier repeat) are reused under their first name: go by id.
  const { dataset } = (await imported.json()) as { dataset: { id: string } };
  const { id } = await api.runExperiment({
    agent: 'smart_home',
    variants: [{ name: 'plain' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 10,
    dataset: dataset.id,
  });

  const list = await api.conversations(id);
  const transcripts = (await Promise.all(
    list.conversations.map((item) => api.transcript(item.id)),
  )) as unknown as Transcript[];
  const scored = transcripts.filter((transcript) => transcript.conversation.verdict?.scored);
  expect(scored.length).toBeGreaterThan(0);
  // A wrong one shows more; take it when there is one.
  const chosen = scored.find((transcript) => !transcript.conversation.verdict?.correct) ?? scored[0];
  const verdict = chosen.conversation.verdict!;
  const datasetCase = JSON.parse(lines[chosen.conversation.inputIndex]) as {
    expect: { kind: string; calls?: { name: string }[] };
  };

  await page.goto(`/conversations/${chosen.conversation.id}`);
  const card = page.getByTestId('expected-vs-actual');
  await expect(card).toHaveAttribute('data-state', verdict.correct ? 'right' : 'wrong');
  await expect(card.getByTestId('verdict')).toHaveText(verdict.correct ? 'right' : 'wrong');
  if (datasetCase.expect.kind === 'call')
    await expect(card.getByTestId('expected-name').first()).toHaveText(datasetCase.expect.calls![0].name);
  for (const made of verdict.calls)
    await expect.poll(() => card.getByTestId('actual-name').allTextContents()).toContain(made.name);
  if (!verdict.correct) {
    // Something is marked: a wrong tool, a wrong or missing argument, a missing or extra call.
    const marks = card.locator(
      [
        '[data-testid="argument-row"]:not([data-status="right"]):not([data-status="absent"])',
        '[data-testid="expected-call"]:not([data-status="right"])',
      ].join(', '),
    );
    await expect(marks).not.toHaveCount(0);
  }
  await screenshot(page, 'transcript-dataset-expected');
  await page.setViewportSize({ width: 420, height: 900 });
  await screenshot(page, 'narrow-transcript-dataset-expected');
});

test('a file-changing agent shows its workspace diff coloured by line, and the changed files', async ({
  page,
  api,
  simulator,
}) => {
  // A model that writes the docstring first, then submits: the file changes in every conversation.
  const { endpoint } = await simulator(scripted('write_docstring', 'submit_result'));
  const { id } = await api.runExperiment({
    agent: 'docstring',
    variants: [{ name: 'plain' }],
    endpoint,
    requestsPerVariant: 4,
    concurrency: 4,
  });
  const list = await api.conversations(id);
  const files = list.conversations.map((conversation) => (conversation.changedFiles ?? []) as string[]);
  expect(files.filter((changedFiles) => changedFiles.length > 0)).toHaveLength(4);
  const changed = { id: list.conversations[0].id, changedFiles: files[0] };
  const transcript = await api.transcript(changed.id);
  const diff = transcript.conversation.workspaceDiff as string;

  await page.goto(`/conversations/${changed.id}`);
  await expect(page.getByTestId('changed-files').locator('li')).toHaveText(changed.changedFiles!);
  const shown = page.getByTestId('workspace-diff');
  await expect(shown).toHaveText(diff.endsWith('\n') ? diff : `${diff}\n`, { useInnerText: false });
  const added = diff.split('\n').filter((line) => line.startsWith('+') && !line.startsWith('+++')).length;
  await expect(shown.locator('[data-kind="add"]')).toHaveCount(added);
  await page.getByTestId('workspace').scrollIntoViewIfNeeded();
  await screenshot(page, 'transcript-workspace-diff');
});
