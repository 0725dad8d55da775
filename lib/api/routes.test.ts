// The API's route handlers, called in process on a real panel (SQLite file, simulator, job runner):
// every answer a client reads goes through the route wrapper's response schema check, which is on
// in tests, and is parsed here once more with the schema the e2e specs import.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startPanel, stopPanel } from '../panel/runtime';
import * as agents from './agents';
import { Created } from './common';
import * as compare from './compare';
import * as conversations from './conversations';
import * as datasets from './datasets';
import * as experiments from './experiments';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const folder = mkdtempSync(path.join(tmpdir(), 'remora-routes-'));
const logged: string[] = [];
const consoleError = console.error;

beforeAll(async () => {
  await startPanel({ databaseFile: path.join(folder, 'routes.db'), simulatorLatencyMs: 0, log: () => {} });
  console.error = (...parts: unknown[]) => void logged.push(parts.map(String).join(' '));
});
afterAll(async () => {
  console.error = consoleError;
  await stopPanel();
  rmSync(folder, { recursive: true, force: true });
});

/** Calls a route's handler as Next would, and parses its answer with the schema a client uses. */
async function call<S extends z.ZodType>(
  route: Record<string, unknown>,
  method: string,
  url: string,
  schema: S,
  options: { params?: Record<string, string>; body?: unknown; status?: number } = {},
): Promise<z.infer<S>> {
  const handler = route[method] as Handler;
  const init: RequestInit = { method, headers: { host: '127.0.0.1' } };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { host: '127.0.0.1', 'content-type': 'application/json' };
  }
  const response = await handler(new Request(`http://127.0.0.1${url}`, init), {
    params: Promise.resolve(options.params ?? {}),
  });
  const body = await response.json();
  expect(response.status, `${method} ${url}: ${JSON.stringify(body)}\n${logged.join('\n')}`).toBe(
    options.status ?? 200,
  );
  return schema.parse(body);
}

describe('every JSON answer of the API matches its response schema', () => {
  let experimentId: string;

  it('experiments: create, read while it runs and when done, list, charts, conversations', async () => {
    const created = await call(await import('@/app/api/experiments/route'), 'POST', '/api/experiments', Created, {
      status: 201,
      body: {
        agent: 'harness',
        variants: [{ name: 'baseline' }, { name: 'terse', systemPrompt: 'Call tools.' }],
        endpoint: { kind: 'simulated' },
        requestsPerVariant: 4,
      },
    });
    experimentId = created.id;
    const route = await import('@/app/api/experiments/[id]/route');
    const params = { id: experimentId };
    await expect
      .poll(
        async () =>
          (await call(route, 'GET', `/api/experiments/${experimentId}`, experiments.ExperimentView, { params })).status,
        { timeout: 60_000 },
      )
      .toBe('completed');
    const listed = await call(
      await import('@/app/api/experiments/route'),
      'GET',
      '/api/experiments',
      experiments.ExperimentList,
    );
    expect(listed.experiments.map((row) => row.id)).toContain(experimentId);
    const charts = await call(
      await import('@/app/api/experiments/[id]/charts/route'),
      'GET',
      `/api/experiments/${experimentId}/charts`,
      experiments.ExperimentCharts,
      { params },
    );
    expect(charts.charts.variants).toEqual(['baseline', 'terse']);
    const page = await call(
      await import('@/app/api/experiments/[id]/conversations/route'),
      'GET',
      `/api/experiments/${experimentId}/conversations?limit=3`,
      experiments.ConversationPage,
      {
        params,
      },
    );
    expect(page).toMatchObject({ total: 8, limit: 3 });

    const conversationId = page.conversations[0].id;
    const transcript = await call(
      await import('@/app/api/conversations/[id]/route'),
      'GET',
      `/api/conversations/${conversationId}`,
      conversations.Transcript,
      {
        params: { id: conversationId },
      },
    );
    expect(transcript.conversation.id).toBe(conversationId);

    // One model call's details, which the transcript page loads when a call is opened.
    const modelCall = await import('@/app/api/conversations/[id]/model-calls/[callId]/route');
    const callId = String(transcript.modelCalls[0].id);
    const url = `/api/conversations/${conversationId}/model-calls/${callId}`;
    const details = await call(modelCall, 'GET', url, z.looseObject({ request: z.looseObject({}) }), {
      params: { id: conversationId, callId },
    });
    expect(details.request).toHaveProperty('messages');
    const full = await call(modelCall, 'GET', `${url}?full=1`, z.looseObject({ choices: z.array(z.unknown()) }), {
      params: { id: conversationId, callId },
    });
    expect(full.choices.length).toBeGreaterThan(0);
  });

  it('compare: the choices and two variants side by side', async () => {
    const choices = await call(
      await import('@/app/api/compare/choices/route'),
      'GET',
      '/api/compare/choices',
      compare.CompareChoices,
    );
    expect(choices.experiments.map((choice) => choice.id)).toContain(experimentId);
    const query = new URLSearchParams({ a: `${experimentId}:baseline`, b: `${experimentId}:terse` });
    const compared = await call(
      await import('@/app/api/compare/route'),
      'GET',
      `/api/compare?${query}`,
      compare.Comparison,
    );
    expect(compared.metrics.metrics.length).toBeGreaterThan(0);
  });

  it('agents: the list, one agent, its variants, a validation and a preview', async () => {
    const list = await call(await import('@/app/api/agents/route'), 'GET', '/api/agents', agents.AgentList);
    expect(list.agents.map((agent) => agent.name)).toContain('harness');
    const params = { name: 'harness' };
    const detail = await call(
      await import('@/app/api/agents/[name]/route'),
      'GET',
      '/api/agents/harness',
      agents.AgentDetail,
      { params },
    );
    const draft = { systemPrompt: detail.systemPrompt ?? '', nodeContext: detail.nodeContext ?? '' };
    await call(
      await import('@/app/api/agents/[name]/variants/route'),
      'GET',
      '/api/agents/harness/variants',
      agents.PromptVariants,
      { params },
    );
    const history = await import('@/app/api/agents/[name]/variants/[variant]/route');
    const known = { name: 'harness', variant: 'default' };
    await call(history, 'GET', '/api/agents/harness/variants/default', agents.VariantHistory, { params: known });
    const unknown = { name: 'harness', variant: 'no-such-variant' };
    const missing = await call(history, 'GET', '/api/agents/harness/variants/no-such-variant', z.looseObject({}), {
      params: unknown,
      status: 404,
    });
    expect(JSON.stringify(missing)).toMatch(/no-such-variant/);
    await call(
      await import('@/app/api/agents/[name]/validate/route'),
      'POST',
      '/api/agents/harness/validate',
      agents.DraftValidation,
      { params, body: draft },
    );
    const preview = await call(
      await import('@/app/api/agents/[name]/preview/route'),
      'POST',
      '/api/agents/harness/preview',
      agents.PromptPreview,
      { params, body: draft },
    );
    expect(preview.segments.length).toBeGreaterThan(0);
  });

  it('datasets and endpoints: import, a page of cases, the lists, a test of the simulator', async () => {
    const messages = [{ role: 'user', content: 'hello' }];
    const text = `${JSON.stringify({ id: 'one', input: { messages }, expect: null })}\n`;
    const imported = await call(
      await import('@/app/api/datasets/route'),
      'POST',
      '/api/datasets',
      datasets.DatasetImport,
      {
        status: 201,
        body: { name: 'tiny', format: 'remora', text },
      },
    );
    expect(imported.ok).toBe(true);
    const id = imported.ok ? imported.dataset.id : '';
    await call(await import('@/app/api/datasets/route'), 'GET', '/api/datasets', datasets.DatasetList);
    const page = await call(
      await import('@/app/api/datasets/[id]/route'),
      'GET',
      `/api/datasets/${id}`,
      datasets.DatasetPage,
      { params: { id } },
    );
    expect(page.cases.map((datasetCase) => datasetCase.id)).toEqual(['one']);
    const endpoints = await call(
      await import('@/app/api/endpoints/route'),
      'GET',
      '/api/endpoints',
      datasets.EndpointList,
    );
    const simulated = endpoints.endpoints.find((endpoint) => endpoint.kind === 'simulated')!;
    const tested = await call(
      await import('@/app/api/endpoints/[id]/test/route'),
      'POST',
      `/api/endpoints/${simulated.id}/test`,
      datasets.EndpointTest,
      {
        params: { id: simulated.id },
      },
    );
    expect(tested.reachable).toBe(true);
  });

  it('campaigns: the list (empty here)', async () => {
    expect(
      await call(await import('@/app/api/campaigns/route'), 'GET', '/api/campaigns', compare.CampaignList),
    ).toEqual([]);
  });
});
