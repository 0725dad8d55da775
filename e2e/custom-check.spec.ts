// Custom checks (issue 28, item 7): a task-success script of the experiment's own, given in the
// new-experiment form, run after each conversation beside the agent's check, its verdict stored
// and shown like task success: per variant on the experiment's page, per conversation on its page.
import { expect, test } from './fixtures';
import { screenshot } from './helpers';

// Passes when the conversation submitted; the reason says how it ended.
const CHECK = [
  'import json, sys',
  'args = json.load(sys.stdin)["arguments"]',
  'ok = args["outcome"] == "submitted"',
  'print(json.dumps({"outcome": "success", "result": {"success": ok, "reason": "ended as " + args["outcome"]}}))',
].join('\n');

type Verdict = { check: string; success: boolean; reason: string } | null;

test('a custom check given in the form judges every conversation, shown per variant and per conversation', async ({
  page,
  api,
  experimentForm,
}) => {
  await experimentForm.open({ agent: 'harness' });
  await experimentForm.chooseAgent('harness');
  await page.getByTestId('requests-per-variant').fill('8');
  await page.getByTestId('custom-check-field').locator('summary').click();
  await page.getByTestId('custom-check-name').fill('submitted_check');
  await page.getByTestId('custom-check-source').fill(CHECK);
  const id = await experimentForm.start();
  await experimentForm.waitForStatus();

  // Each stored verdict is the script's: pass exactly when the conversation submitted.
  const { conversations } = await api.conversations(id);
  expect(conversations.length).toBeGreaterThan(0);
  const byVariant = new Map<string, { passed: number; judged: number }>();
  for (const row of conversations) {
    const verdict = (await api.transcript(row.id)).conversation.customCheck as Verdict;
    expect(verdict).toEqual({
      check: 'submitted_check',
      success: row.outcome === 'submitted',
      reason: `ended as ${row.outcome}`,
    });
    const counts = byVariant.get(row.variantName) ?? { passed: 0, judged: 0 };
    counts.judged += 1;
    if (verdict!.success) counts.passed += 1;
    byVariant.set(row.variantName, counts);
  }

  // The experiment's page: the rate per variant, from those verdicts.
  await page.reload();
  const card = page.getByTestId('custom-check-rates');
  await expect(card.locator('h2')).toHaveText('Custom check submitted_check');
  for (const [variant, counts] of byVariant) {
    const cells = card.locator(`[data-testid="custom-check-rate"][data-variant="${variant}"] td`);
    await expect(cells).toHaveText([
      variant,
      String(counts.passed),
      String(counts.judged),
      `${((counts.passed / counts.judged) * 100).toFixed(1)}%`,
    ]);
  }
  await screenshot(page, 'custom-check-experiment');

  // A conversation's page: the fact and the card, as for the agent's own check.
  const failed = conversations.find((row) => row.outcome !== 'submitted');
  const shown = failed ?? conversations[0];
  await page.goto(`/conversations/${shown.id}`);
  await expect(page.getByTestId('custom-check-success')).toHaveText(shown.outcome === 'submitted' ? 'yes' : 'no');
  await expect(page.getByTestId('custom-check')).toContainText(
    `submitted_check (this experiment's own check): ended as ${shown.outcome}`,
  );
  await screenshot(page, 'custom-check-conversation');
});
