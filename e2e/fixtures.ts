// Fixtures of the browser specs; every spec takes `test` from here. `baseURL`: this worker's own panel
// (e2e/panels.ts), so specs in different workers never share a database. `api`: the panel's API as a
// client uses it (run an experiment to its end, list its conversations, read a transcript), each
// answer checked against its lib/api schema.
// `experimentForm`: the new-experiment page as a person fills it. `simulator`: a simulated model
// with a fixed policy, for specs that need an outcome every time instead of hoping the default
// simulator produces it.
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ConversationPage } from '../lib/api/experiments';
import { Transcript } from '../lib/api/conversations';
import { startSimServer, type SimServer } from '../lib/sim/server';
import type { ScriptStep, SimOptionsInput } from '../lib/sim/options';
import { createExperiment, waitForEnd, type ExperimentBody } from './helpers';
import { panelOrigin } from './panels';

export { expect };

class PanelApi {
  constructor(private readonly request: APIRequestContext) {}

  /** Starts an experiment (the body of POST /api/experiments) and waits until it ends. */
  async runExperiment(body: Record<string, unknown>): Promise<ExperimentBody & { id: string }> {
    const id = await createExperiment(this.request, body);
    return { ...(await waitForEnd(this.request, id)), id };
  }

  /** One page of an experiment's conversations; `query` as the list's filters (`outcome=submitted`). */
  async conversations(experimentId: string, query = ''): Promise<ConversationPage> {
    const separator = query === '' ? '' : '&';
    const response = await this.request.get(
      `/api/experiments/${experimentId}/conversations?limit=500${separator}${query}`,
    );
    expect(response.status(), await response.text()).toBe(200);
    return ConversationPage.parse(await response.json());
  }

  async transcript(conversationId: string): Promise<Transcript> {
    const response = await this.request.get(`/api/conversations/${conversationId}`);
    expect(response.status(), await response.text()).toBe(200);
    return Transcript.parse(await response.json());
  }
}

/** The new-experiment form (/experiments/new). */
class ExperimentForm {
  constructor(readonly page: Page) {}

  /** Opens the form; `query` preselects (`{agent: 'harness', dataset: id}`). */
  async open(query: Record<string, string> = {}): Promise<void> {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(`/experiments/new${search === '' ? '' : `?${search}`}`);
    await expect(this.page.getByTestId('start-experiment')).toBeEnabled();
  }

  async chooseAgent(name: string): Promise<void> {
    await this.page.getByTestId('agent-select').selectOption(name);
    // The agent's prompt fills the variants once its details arrive.
    await expect(this.variant(0).getByTestId('variant-prompt')).toHaveValue(/task_description/);
  }

  /** The editor of the n-th variant (0: the first). */
  variant(index: number): Locator {
    return this.page.getByTestId('variant-editor').nth(index);
  }

  /** Starts the experiment and waits for its page; returns its id. */
  async start(): Promise<string> {
    await this.page.getByTestId('start-experiment').click();
    await this.page.waitForURL(/\/experiments\/[0-9a-f-]+$/);
    return new URL(this.page.url()).pathname.split('/').pop() as string;
  }

  /**
   * On the experiment's page: waits until the live status says it ended as `status`. How long that
   * takes depends on the machine's load, so the bound is the test's own timeout, not a number here.
   */
  async waitForStatus(status = 'completed'): Promise<void> {
    await expect(this.page.getByTestId('status')).toHaveText(status, { timeout: 0 });
  }
}

/** No accident: no HTTP error, invented tool, broken or dropped argument. Only what the script or shapes say. */
export const NO_ACCIDENTS = {
  http500Rate: 0,
  http429Rate: 0,
  unknownToolRate: 0,
  invalidArgumentsRate: 0,
  lossyBareValuesRate: 0,
} satisfies SimOptionsInput;

/**
 * A scripted model without accidents: turn n calls the n-th tool as a structured call (or, for a
 * step given whole, does what it says). Past the script, it draws as usual.
 */
export function scripted(...steps: (string | ScriptStep)[]): SimOptionsInput {
  return {
    ...NO_ACCIDENTS,
    script: steps.map((step) => (typeof step === 'string' ? { tool: step, shape: 'tool_calls' as const } : step)),
  };
}

/** A simulator with this policy, reachable by the panel; the model name it is called with. */
type Simulator = { server: SimServer; endpoint: { baseUrl: string; model: string } };

type TestFixtures = { api: PanelApi; experimentForm: ExperimentForm };
type WorkerFixtures = { simulator: (policy: SimOptionsInput) => Promise<Simulator> };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  baseURL: async ({}, use, testInfo) => {
    await use(panelOrigin(testInfo.parallelIndex));
  },
  api: async ({ request }, use) => {
    await use(new PanelApi(request));
  },
  experimentForm: async ({ page }, use) => {
    await use(new ExperimentForm(page));
  },
  // One server per policy and worker: repeats of a spec share it, and an experiment replayed after
  // its test still finds it. Closed when the worker ends.
  simulator: [
    async ({}, use) => {
      const servers = new Map<string, Promise<SimServer>>();
      await use(async (policy) => {
        const key = JSON.stringify(policy);
        if (!servers.has(key)) servers.set(key, startSimServer({ port: 0, ...policy }));
        const server = await servers.get(key)!;
        return { server, endpoint: { baseUrl: server.url, model: server.options.model } };
      });
      await Promise.all([...servers.values()].map(async (server) => (await server).close()));
    },
    { scope: 'worker' },
  ],
});
