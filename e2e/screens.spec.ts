// Every page at 1440 px and 420 px wide, light and dark (the system setting), kept as pictures in
// test-results/screenshots/screens for people to look at; each page has its own title and marks
// where it is in the navigation, and nothing is wider than a 420 px window.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { createExperiment, screenshot, waitForEnd } from './helpers';

test.setTimeout(600_000);

test('every page, wide and narrow, light and dark', async ({ page, request }) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'terse', systemPrompt: 'Call the tools.' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 12,
    concurrency: 4,
  });
  await waitForEnd(request, id);
  const text = readFileSync(path.join(process.cwd(), 'agents', 'smart_home', 'dataset.jsonl'), 'utf8');
  const imported = (await (
    await request.post('/api/datasets', { data: { name: 'smart home (screens)', format: 'remora', text } })
  ).json()) as { dataset: { id: string } };
  // A dataset run, for the accuracy charts and the confusion tables.
  const datasetRun = await createExperiment(request, {
    agent: 'smart_home',
    variants: [{ name: 'baseline' }, { name: 'required', settings: { toolChoice: 'required' } }],
    endpoint: { kind: 'simulated' },
    dataset: imported.dataset.id,
    requestsPerVariant: 45,
    concurrency: 4,
  });
  await waitForEnd(request, datasetRun);
  const list = (await (await request.get(`/api/experiments/${id}/conversations?limit=30`)).json()) as {
    conversations: { id: string; variantName: string; inputIndex: number }[];
  };
  const a = list.conversations.find((row) => row.variantName === 'baseline')!;
  const b = list.conversations.find((row) => row.variantName === 'terse' && row.inputIndex === a.inputIndex)!;
  const pages: [string, string, string | null][] = [
    ['overview', '/', 'nav-home'],
    ['start', '/start', 'nav-start'],
    ['experiments', '/experiments', 'nav-experiments'],
    ['new-experiment', '/experiments/new', 'nav-new-experiment'],
    ['experiment', `/experiments/${id}`, 'nav-experiments'],
    ['experiment-dataset', `/experiments/${datasetRun}`, 'nav-experiments'],
    ['conversations', `/experiments/${id}/conversations`, 'nav-experiments'],
    ['grid', `/experiments/${id}/grid`, 'nav-experiments'],
    ['conversation', `/conversations/${a.id}`, 'nav-experiments'],
    ['search', '/search?q=echo', 'nav-search'],
    ['compare', `/compare?experiment=${id}`, 'nav-compare'],
    ['pair', `/compare/pair?a=${a.id}&b=${b.id}`, 'nav-compare'],
    ['agents', '/agents', 'nav-agents'],
    ['agent', '/agents/harness', 'nav-agents'],
    ['agent-history', '/agents/harness/history', 'nav-agents'],
    ['datasets', '/datasets', 'nav-datasets'],
    ['dataset', `/datasets/${imported.dataset.id}`, 'nav-datasets'],
    ['endpoints', '/endpoints', 'nav-endpoints'],
    ['campaigns', '/campaigns', 'nav-campaigns'],
  ];
  const titles = new Set<string>();
  for (const width of [1440, 420]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, url, nav] of pages) {
      // The colours follow the system setting through CSS alone, so the dark picture is the same page
      // switched to dark, without loading it again.
      await page.emulateMedia({ colorScheme: 'light' });
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page).toHaveTitle(/Remora/);
      if (nav) await expect(page.getByTestId(nav)).toHaveAttribute('aria-current', 'page');
      if (name === 'experiment-dataset') await confusionColumnsReachable(page);
      titles.add(await page.title());
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        if (width === 420) {
          // The page itself does not scroll sideways (wide tables scroll inside their own box).
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${url} at 420 px, ${scheme}`,
          ).toBeLessThanOrEqual(440);
        }
        await screenshot(page, `screens/${name}-${width}-${scheme}`);
      }
    }
  }
  // Pages say what they are: most titles differ.
  expect(titles.size).toBeGreaterThanOrEqual(11);
});

/**
 * Every variant's confusion table has the same columns, and the last of them can be scrolled into
 * view inside the table's own box (a narrow window scrolls the table, it does not cut it off).
 */
async function confusionColumnsReachable(page: import('@playwright/test').Page): Promise<void> {
  const tables = page.getByTestId('confusion-variant');
  await expect(tables.first()).toBeVisible();
  const headers = await tables.evaluateAll((elements) =>
    elements.map((element) => [...element.querySelectorAll('thead th')].map((cell) => cell.textContent)),
  );
  for (const header of headers) expect(header).toEqual(headers[0]);
  const last = tables.first().locator('thead th').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
}
