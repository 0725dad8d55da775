// The inputs x variants grid (issue 12, item 5): one row per input, one cell per variant, each cell
// how that variant's repeats of the input ended and, for its first repeats, the parse path and the
// first call of the first response, linked to the conversation. Checked against the API's own
// list and transcripts. Each run makes its own experiment, so the spec can be repeated.
import { expect, test } from './fixtures';
import { screenshot } from './helpers';

test('the grid shows each cell’s outcomes and first calls, and links to the conversations', async ({ page, api }) => {
  const experiment = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'required', settings: { toolChoice: 'required' } }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 12,
    concurrency: 4,
  });
  const { conversations } = await api.conversations(experiment.id);
  expect(conversations).toHaveLength(24);
  const inputs = [...new Set(conversations.map((row) => row.inputIndex))].sort((a, b) => a - b);

  await page.goto(`/experiments/${experiment.id}/grid`);
  await expect(page.getByTestId('grid-row')).toHaveCount(inputs.length);

  for (const input of inputs) {
    for (const variant of ['baseline', 'required']) {
      const cell = page.locator(`[data-testid="grid-cell"][data-variant="${variant}"][data-input="${input}"]`);
      const runs = conversations.filter((row) => row.inputIndex === input && row.variantName === variant);
      // The outcomes line counts each outcome of this variant's repeats of this input.
      const counts = new Map<string, number>();
      for (const run of runs) counts.set(run.outcome, (counts.get(run.outcome) ?? 0) + 1);
      const outcomes = cell.getByTestId('grid-outcomes');
      for (const [outcome, count] of counts) await expect(outcomes).toContainText(`${outcome} ${count}`);

      // Each repeat shown is one of the cell's conversations, with its first response's path and call.
      const repeats = cell.getByTestId('grid-repeat');
      const shown = await repeats.count();
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThanOrEqual(runs.length);
      for (let index = 0; index < shown; index++) {
        const repeat = repeats.nth(index);
        const id = await repeat.getAttribute('data-conversation');
        expect(runs.map((run) => run.id)).toContain(id);
        const transcript = await api.transcript(id!);
        const first = transcript.modelCalls.find((call) => call.turn === 1);
        await expect(repeat.getByTestId('grid-parse-path')).toHaveText(first?.parsePath ?? 'request failed');
        const call = repeat.getByTestId('grid-call');
        await expect(call).toHaveAttribute('href', `/conversations/${id}`);
        const firstCall = first?.calls[0];
        if (firstCall) await expect(call).toContainText(`${firstCall.name}(`);
        else await expect(call).toHaveText('no call');
      }
    }
  }
  await screenshot(page, 'grid');

  // A first call opens its conversation.
  const firstRepeat = page.getByTestId('grid-repeat').first();
  const id = await firstRepeat.getAttribute('data-conversation');
  await firstRepeat.getByTestId('grid-call').click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${id}$`));
  await expect(page.getByTestId('parse-path').first()).toBeVisible();
});
