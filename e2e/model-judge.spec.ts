// Issue 28 item 7: the experiment's own check and an optional model judge, compared like any rate.
// The judge (any OpenAI-compatible endpoint: here a simulator over HTTP) is run from the experiment
// page; its verdicts show on the conversation page as text, with the model and prompt version, and
// a failed judge reply is a judge error that counts as neither pass nor fail.
import { expect, test } from './fixtures';
import { screenshot } from './helpers';

const CHECK = [
  'import json, sys',
  'args = json.load(sys.stdin)["arguments"]',
  'ok = args["outcome"] == "submitted"',
  'print(json.dumps({"outcome": "success", "result": {"success": ok, "reason": "ended as " + args["outcome"]}}))',
].join('\n');

const VERDICTS = /^Judged with judge-model, prompt \S+ v(\d+): (\d+) pass, (\d+) fail, (\d+) judge errors/;

async function judgeFrom(page: import('@playwright/test').Page, baseUrl: string, name: string, prompt: string) {
  const form = page.getByTestId('judge-form');
  if (!(await form.evaluate((element) => (element as HTMLDetailsElement).open))) await form.locator('summary').click();
  await form.getByLabel('Base URL').fill(baseUrl);
  await form.getByLabel('Model', { exact: true }).fill('judge-model');
  await form.getByLabel('Prompt name').fill(name);
  await form.getByLabel(/Judge prompt/).fill(prompt);
  await form.getByRole('button', { name: 'Judge the conversations' }).click();
  await expect(page.getByTestId('judge-status')).toHaveText(VERDICTS, { timeout: 60_000 });
  return (await page.getByTestId('judge-status').textContent())!.match(VERDICTS)!.slice(1).map(Number);
}

test('the custom check and a model judge are compared across variants; verdicts show as text', async ({
  page,
  api,
  simulator,
}) => {
  const { id } = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'a' }, { name: 'b', systemPrompt: 'Call simple_tool.' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 8,
    concurrency: 4,
    customCheck: { name: 'submitted', source: CHECK },
  });
  const judge = await simulator({ seed: 4, http500Rate: 0, http429Rate: 0 });
  // A prompt name of this test's own: the panel's database outlives a repeat, and versions count per name.
  const name = `judge-${id.slice(-8)}`;

  await page.goto(`/experiments/${id}`);
  const [version, pass, fail, errors] = await judgeFrom(
    page,
    judge.endpoint.baseUrl,
    name,
    'Pass when a tool was used.',
  );
  expect([version, pass + fail, errors]).toEqual([1, 16, 0]);
  await screenshot(page, 'model-judge-experiment');

  // The compare page: both rates as compared metrics, in words.
  await page.goto(`/compare?a=${id}:a&b=${id}:b`);
  for (const [metric, label] of [
    ['customCheckRate', 'Custom check pass rate'],
    ['judgePassRate', 'Model judge pass rate'],
  ]) {
    const row = page.locator(`[data-testid="metric-row"][data-metric="${metric}"]`);
    await expect(row).toContainText(label);
    await expect(row.getByTestId('comparison-sentence')).toContainText('between a and b');
  }
  await screenshot(page, 'model-judge-compare');

  // A changed prompt is a new version; a judge that fails is a judge error, neither pass nor fail.
  await page.goto(`/experiments/${id}`);
  expect((await judgeFrom(page, judge.endpoint.baseUrl, name, 'Pass only when the result was submitted.'))[0]).toBe(2);
  const broken = await simulator({ seed: 4, http500Rate: 1, http429Rate: 0 });
  expect(await judgeFrom(page, broken.endpoint.baseUrl, name, 'Pass only when the result was submitted.')).toEqual([
    2, 0, 0, 16,
  ]);

  const { conversations } = await api.conversations(id);
  await page.goto(`/conversations/${conversations[0].id}`);
  const card = page.getByTestId('judge-verdicts');
  await expect(card.locator('h2')).toHaveText('Model judge: judge error (counts as neither)');
  const verdicts = card.getByTestId('judge-verdict');
  await expect(verdicts).toHaveCount(3);
  await expect(verdicts.getByTestId('judge-verdict-source')).toContainText([
    `judge-model, prompt ${name} v2`,
    `judge-model, prompt ${name} v2`,
    `judge-model, prompt ${name} v1`,
  ]);
  await expect(verdicts.nth(0).getByTestId('judge-verdict-reason')).toContainText('judge error: ');
  // The judge's own words, shown as text: non-empty, and nothing in them became an element.
  for (const index of [1, 2]) {
    const reason = verdicts.nth(index).getByTestId('judge-verdict-reason');
    await expect(reason).toHaveText(/\S/);
    await expect(reason.locator('*')).toHaveCount(0);
  }
  await screenshot(page, 'model-judge-conversation');
});
