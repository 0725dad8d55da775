// Replay and rerun start new experiments, so they ask for their own sandbox choice instead of
// copying the original's (the API side: test/sandbox-replay-rerun.test.ts). What a person sees: on a
// server without bubblewrap, the warning and an unticked "Run without a sandbox"; unticked, the
// server refuses and says why; ticked, the new experiment runs and its page shows that it ran
// unconfined by choice. On this server (bubblewrap) there is nothing to tick and the page says so.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, scripted, test } from './fixtures';
import { createExperiment, waitForEnd } from './helpers';
import { startSecondPanel, type SecondPanel } from './second-panel';

const OPTED_IN = 'none: run without a sandbox, as the user chose';
const SCHEMA_COMPLAINT = 'does not match its response schema';
// A model that answers in words and never calls a tool: every input fails (nothing submitted) and
// each conversation has one turn to replay, whatever the load.
const IN_WORDS = scripted({ shape: 'text' });

let panel: SecondPanel;
let origin: string;
let api: APIRequestContext;
let original: { experiment: string; conversation: string };

/** Runs the test agent to its end on `request`'s panel; the experiment and its first conversation. */
async function runOriginal(
  request: APIRequestContext,
  endpoint: { baseUrl: string; model: string },
  unsafeNoSandbox: boolean,
): Promise<{ experiment: string; conversation: string }> {
  const experiment = await createExperiment(request, {
    agent: 'test',
    variants: [{ name: 'a' }],
    endpoint,
    requestsPerVariant: 1,
    ...(unsafeNoSandbox ? { unsafeNoSandbox } : {}),
  });
  expect((await waitForEnd(request, experiment)).status).toBe('completed');
  const response = await request.get(`/api/experiments/${experiment}/conversations?limit=1`);
  expect(response.status()).toBe(200);
  const [first] = (await response.json()).conversations as { id: string }[];
  return { experiment, conversation: first.id };
}

async function experimentCount(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/experiments?limit=100');
  expect(response.status()).toBe(200);
  return ((await response.json()).experiments as unknown[]).length;
}

/** Clicks `button` and waits for the new experiment's page; returns its id. */
async function startsExperiment(page: Page, button: string, from: string): Promise<string> {
  await page.getByTestId(button).click();
  await page.waitForURL((url) => /^\/experiments\/[0-9a-f-]+$/.test(url.pathname) && !url.pathname.endsWith(from));
  return new URL(page.url()).pathname.split('/').pop() as string;
}

test.describe('on a server without bubblewrap', () => {
  test.beforeAll(async ({ playwright, simulator }) => {
    panel = await startSecondPanel({
      host: '127.0.0.1',
      env: { REMORA_BWRAP: '', REMORA_CHECK_RESPONSES: '1' },
      without: ['REMORA_TOKEN'],
    });
    origin = panel.origin;
    // One connection per request: this panel keeps Node's 5 s idle timeout (it is stopped by a
    // signal, scripts/e2e-server.sh says why), and a pooled socket it closes just as the next request
    // goes out is an ECONNRESET (seen once in CI).
    api = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { connection: 'close' } });
    const { endpoint } = await simulator(IN_WORDS);
    // The original ran unconfined because the user ticked the box then: a choice not carried over.
    original = await runOriginal(api, endpoint, true);
  });

  test.afterAll(async () => {
    await api?.dispose();
    await panel?.stop();
    expect(panel?.output() ?? '').not.toContain(SCHEMA_COMPLAINT);
  });

  test('the original shows it ran without a sandbox by the user’s choice', async ({ page }) => {
    await page.goto(`${origin}/experiments/${original.experiment}`);
    const sandbox = page.getByTestId('experiment-sandbox');
    await expect(sandbox).toHaveText(OPTED_IN);
    await expect(sandbox).toHaveAttribute('data-confinement', 'none');
  });

  for (const kind of ['replay', 'rerun'] as const) {
    test(`${kind}: warns, refuses while "Run without a sandbox" is unticked, runs unconfined once ticked`, async ({
      page,
    }) => {
      const section = kind === 'replay' ? 'replay' : 'rerun-failed';
      const from = kind === 'replay' ? original.conversation : original.experiment;
      await page.goto(`${origin}/${kind === 'replay' ? 'conversations' : 'experiments'}/${from}`);
      const form = page.getByTestId(section);
      await expect(form.getByTestId('sandbox-warning')).toContainText(
        'The agent “test” runs code the model writes. Without a sandbox',
      );
      const box = form.getByTestId('unsafe-no-sandbox');
      await expect(box).not.toBeChecked();

      const before = await experimentCount(api);
      await form.getByTestId(`${kind}-button`).click();
      const problem = form.getByTestId(`${kind}-problem`);
      await expect(problem).toContainText('runs code the model writes, and there is no sandbox here');
      await expect(problem).toContainText('tick "Run without a sandbox"');
      expect(await experimentCount(api), 'nothing was started').toBe(before);

      await box.check();
      const started = await startsExperiment(page, `${kind}-button`, from);
      await expect(page.getByTestId('experiment-origin')).toContainText(
        kind === 'replay' ? 'replay of' : 'failed input(s) of',
      );
      await expect(page.getByTestId('experiment-sandbox')).toHaveText(OPTED_IN);
      await expect(page.getByTestId('experiment-sandbox')).toHaveAttribute('data-confinement', 'none');
      await waitForEnd(api, started);
    });
  }
});

test('with bubblewrap, replay and rerun ask nothing and run in the sandbox', async ({ page, request, simulator }) => {
  const { endpoint } = await simulator(IN_WORDS);
  const here = await runOriginal(request, endpoint, false);
  for (const kind of ['replay', 'rerun'] as const) {
    const from = kind === 'replay' ? here.conversation : here.experiment;
    await page.goto(`/${kind === 'replay' ? 'conversations' : 'experiments'}/${from}`);
    const form = page.getByTestId(kind === 'replay' ? 'replay' : 'rerun-failed');
    await expect(form.getByTestId(`${kind}-button`)).toBeEnabled();
    await expect(form.getByTestId('sandbox-warning')).toHaveCount(0);
    await expect(form.getByTestId('unsafe-no-sandbox')).toHaveCount(0);
    const started = await startsExperiment(page, `${kind}-button`, from);
    await expect(page.getByTestId('experiment-sandbox')).toHaveText('bubblewrap');
    await expect(page.getByTestId('experiment-sandbox')).toHaveAttribute('data-confinement', 'bubblewrap');
    await waitForEnd(request, started);
  }
});
