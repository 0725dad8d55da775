// Issue 28 item 3: every page, in the dark and the light colour scheme, passes axe-core with no
// serious or critical violation (contrast, names, roles); one pass per page and scheme.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { everyPage, type PageToVisit } from './every-page';
import { screenshot } from './helpers';

let pages: PageToVisit[] = [];
let close: (() => Promise<void>) | null = null;

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  ({ pages, close } = await everyPage(request));
});

test.afterAll(async () => {
  await close?.();
});

for (const scheme of ['dark', 'light'] as const) {
  test(`every page in the ${scheme} scheme: no serious or critical axe violation`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];
    for (const visit of pages) {
      await page.goto(visit.path);
      await expect(page.locator('main')).toBeVisible();
      // Parts drawn after the first paint (charts, lists read by the client) are in place first.
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const violation of violations.filter((found) => ['serious', 'critical'].includes(found.impact ?? ''))) {
        const where = violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`);
        found.push(`${visit.name}: ${violation.id} ×${violation.nodes.length}: ${where.join(' | ')}`);
      }
      if (['campaign', 'transcript', 'experiment'].includes(visit.name))
        await screenshot(page, `a11y-${scheme}-${visit.name}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('a skip link leads to the main content', async ({ page }) => {
  await page.goto('/experiments');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the content' });
  await expect(skip).toBeFocused();
  await skip.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
