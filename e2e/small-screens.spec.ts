// Issue 28 item 4: at 390 px (a phone) no page scrolls sideways (wide tables, code and diffs scroll
// inside their own box), and no chart's texts (axis ticks, axis titles, values on bars) run into
// each other. Every page, in both colour schemes (the schemes change colours through CSS only, so
// the second is checked without loading the page again).
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { everyPage, type PageToVisit } from './every-page';
import { screenshot } from './helpers';

const WIDTH = 390;

let pages: PageToVisit[] = [];
let close: (() => Promise<void>) | null = null;

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  ({ pages, close } = await everyPage(request));
});

test.afterAll(async () => {
  await close?.();
});

/**
 * What sticks out of the window on the right, outside any box that scrolls by itself: empty when
 * the document is no wider than the window. Named by tag, test id and class, to say where to look.
 */
function overflowing(page: Page): Promise<{ scrollWidth: number; clientWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const clientWidth = root.clientWidth;
    const scrollsItself = (element: Element): boolean => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > clientWidth + 0.5 && !scrollsItself(element))
      .slice(0, 5)
      .map((element) => {
        const testId = element.getAttribute('data-testid');
        const name = `${element.tagName.toLowerCase()}${testId ? `[${testId}]` : ''}.${element.getAttribute('class')}`;
        return `${name} (right ${Math.round(element.getBoundingClientRect().right)})`;
      });
    return { scrollWidth: root.scrollWidth, clientWidth, culprits };
  });
}

/** Pairs of texts in one chart whose boxes overlap (by more than half a pixel each way). */
function collidingChartTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    document.querySelectorAll('svg.recharts-surface').forEach((svg) => {
      const figure = svg.closest('[data-testid]')?.getAttribute('data-testid') ?? 'a chart';
      const boxes = [...svg.querySelectorAll('text')]
        .filter((text) => (text.textContent ?? '').trim() !== '')
        .map((text) => ({
          // The words drawn, without a <title> (a shortened label's full text, for the tooltip).
          text: [...text.childNodes]
            .filter((node) => node.nodeName !== 'title')
            .map((node) => node.textContent)
            .join(' ')
            .trim(),
          box: text.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width > 0 && box.height > 0);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i].box, boxes[j].box];
          const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (across > 0.5 && down > 0.5) found.push(`${figure}: "${boxes[i].text}" runs into "${boxes[j].text}"`);
        }
    });
    return found;
  });
}

test(`every page at ${WIDTH} px: no sideways scroll outside code, no chart labels running into each other`, async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: WIDTH, height: 844 });
  const problems: string[] = [];
  const check = async (name: string) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const { scrollWidth, clientWidth, culprits } = await overflowing(page);
      if (scrollWidth > clientWidth)
        problems.push(`${name} (${scheme}) is ${scrollWidth} px wide in ${clientWidth}: ${culprits.join(', ')}`);
    }
    for (const collision of await collidingChartTexts(page)) problems.push(`${name}: ${collision}`);
    await screenshot(page, `small-screens/${name}-${WIDTH}`);
  };
  for (const visit of pages) {
    await page.emulateMedia({ colorScheme: 'light' });
    const response = await page.goto(visit.path);
    expect(response?.status(), visit.path).toBe(200);
    await expect(page.locator('main')).toBeVisible();
    // Charts and lists drawn by the client are in place before anything is measured.
    await page.waitForLoadState('networkidle');
    const plots = page.locator('[role="img"][aria-label$="its numbers are in the table below it"]');
    for (let index = 0; index < (await plots.count()); index++)
      await expect(plots.nth(index).locator('svg.recharts-surface').first()).toBeVisible();
    await check(visit.name);
    if (visit.name === 'campaign') {
      // The side-by-side diff is the widest thing the panel draws.
      await page.getByTestId('diff-split').first().click();
      await expect(page.getByTestId('change-diff-split').first()).toBeVisible();
      await check('campaign-split');
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
