// Issue 28 item 4: at 390 px (a phone) no page scrolls sideways outside its code blocks and wide
// tables (which scroll inside their own box), and no two labels of a chart overlap.
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

test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px no page scrolls sideways, and chart labels never collide', async ({ page }) => {
  test.setTimeout(600_000);
  for (const visit of pages) {
    await page.goto(visit.path);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Open every <details>: what is folded away must fit as well once opened.
    await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `${visit.name} scrolls sideways`,
      })
      .toBeLessThanOrEqual(0);
    // Polled: bar labels appear when the bars' animation ends.
    const collisions = () =>
      page.evaluate(() => {
        const found: string[] = [];
        for (const svg of document.querySelectorAll('svg.recharts-surface')) {
          const boxes = [...svg.querySelectorAll('text')]
            .filter((text) => (text.textContent ?? '').trim() !== '')
            .map((text) => ({ text: text.textContent, box: text.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && box.height > 0);
          boxes.forEach((one, index) =>
            boxes.slice(index + 1).forEach((other) => {
              const overlap =
                Math.min(one.box.right, other.box.right) - Math.max(one.box.left, other.box.left) > 1 &&
                Math.min(one.box.bottom, other.box.bottom) - Math.max(one.box.top, other.box.top) > 1;
              if (overlap) found.push(`"${one.text}" / "${other.text}"`);
            }),
          );
        }
        return found;
      });
    await expect.poll(collisions, { message: `${visit.name}: labels that overlap` }).toEqual([]);
    if (['experiment', 'transcript', 'compare', 'campaign'].includes(visit.name))
      await screenshot(page, `small-${visit.name}`);
  }
});
