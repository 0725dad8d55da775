// The new-experiment form says how this server confines the tools. On a machine with bubblewrap
// (CI installs it) there is nothing to opt into; the checkbox and its warning for a machine
// without one are covered by test/sandbox-panel-experiments.test.ts.
import { expect, test } from './fixtures';

test('the experiment form says the tools run in a bubblewrap sandbox, and asks nothing', async ({ page }) => {
  await page.goto('/experiments/new?agent=test');
  await expect(page.getByTestId('sandbox-status')).toContainText('Tools run in a bubblewrap sandbox');
  await expect(page.getByTestId('sandbox-warning')).toHaveCount(0);
  await expect(page.getByTestId('unsafe-no-sandbox')).toHaveCount(0);
});
