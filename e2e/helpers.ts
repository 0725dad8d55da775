// Shared steps of the browser tests: the API as a client sees it.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ExperimentView } from '../lib/api/experiments';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** GET /api/experiments/:id, as its response schema (lib/api) says. */
export type ExperimentBody = ExperimentView;

export async function simulatorUrl(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/endpoints');
  expect(response.status()).toBe(200);
  const { endpoints } = (await response.json()) as {
    endpoints: { name: string; kind: string; baseUrl: string; builtIn: boolean }[];
  };
  const simulated = endpoints.find((endpoint) => endpoint.name === 'simulated');
  expect(simulated, 'the built-in simulator has its endpoint row').toBeDefined();
  expect(simulated).toMatchObject({ kind: 'simulated', builtIn: true });
  return simulated!.baseUrl;
}

export async function createExperiment(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const response = await request.post('/api/experiments', { data: body });
  const answer = await response.json();
  expect(response.status(), JSON.stringify(answer)).toBe(201);
  expect(Object.keys(answer)).toEqual(['id']);
  return answer.id as string;
}

/**
 * Polls GET /api/experiments/:id until it leaves pending/running. How long that takes depends on
 * the experiment's size and the machine's load, so the only bound is the test's own timeout.
 */
export async function waitForEnd(request: APIRequestContext, id: string): Promise<ExperimentBody> {
  let body: ExperimentBody | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/experiments/${id}`);
        expect(response.status()).toBe(200);
        body = ExperimentView.parse(await response.json());
        return body.status;
      },
      { intervals: [200, 300, 500], timeout: 0, message: `experiment ${id} ends` },
    )
    .not.toMatch(/^(pending|running)$/);
  return body as unknown as ExperimentBody;
}

const SCREENSHOTS = path.join('test-results', 'screenshots');
// The pictures are for people; no assertion reads them. CI's are thrown away unread, and the suite's
// 175 full-page pictures cost about a tenth of its CPU (19 of 194 core-seconds), so .ci/run sets it to 0.
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/**
 * Keeps a picture of the page for people to look at (test-results/screenshots), unless
 * E2E_SCREENSHOTS=0: the whole page, or with `fullPage: false` what the window shows.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** A picture of one part of the page, to look at closely. Without pictures it still waits for that part to show. */
export async function screenshotOf(part: Locator, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return expect(part).toBeVisible();
  mkdirSync(SCREENSHOTS, { recursive: true });
  await part.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}
