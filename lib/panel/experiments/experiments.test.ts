import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExperiment } from '../../db/queries/experiments';
import { InputError, NotFoundError } from '../../errors';
import { BUILT_IN_SIMULATOR_URL } from '../../experiments/built-in-simulator';
import { ExperimentConflictError } from '../../errors';
import { experimentSummary } from '../../experiments/service';
import { readStoredConfig } from '../../experiment-config/stored-config';
import { toSummaryJson } from '../../metrics/summary-json';
import { getConversationTranscript } from '../conversations/conversations';
import { importDataset } from '../../db/queries/datasets';
import { listCaseVerdicts } from '../../db/queries/accuracy';
import { DatasetCase } from '../../datasets/case';
import { createExperimentFromRequest } from './create';
import {
  cancelExperimentById,
  getExperimentHeader,
  getExperimentView,
  listExperimentConversations,
  listExperimentViews,
} from './experiments';
import { CreateExperimentRequest } from './requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
beforeAll(async () => {
  panel = await openTestPanel();
});
afterAll(async () => {
  await panel?.dispose();
});

/** A request as the API's schema reads it (defaults filled in). */
function request(body: Record<string, unknown>): CreateExperimentRequest {
  return CreateExperimentRequest.parse({
    agent: 'harness',
    variants: [{ name: 'a' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 2,
    ...body,
  });
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('createExperimentFromRequest', () => {
  it('stores the experiment on the built-in simulator and runs it; the summary is the command line’s', async () => {
    const { id } = await createExperimentFromRequest(
      panel,
      request({
        variants: [
          { name: 'baseline' },
          {
            name: 'strict',
            systemPrompt: 'Call simple_tool, then submit_result.',
            settings: { toolChoice: 'required', historyMode: 'full' },
          },
        ],
        requestsPerVariant: 4,
        concurrency: 3,
        temperature: 0.5,
        maxTokens: 128,
      }),
    );
    const row = getExperiment(panel.database, id);
    expect(row).toMatchObject({ agentName: 'harness', simulated: true, totalConversations: 8 });
    const stored = readStoredConfig(row?.config).experiment;
    expect(stored.endpoint).toMatchObject({
      baseUrl: BUILT_IN_SIMULATOR_URL,
      model: 'functiongemma-270m-it-sim',
      simulated: true,
    });
    expect(stored.concurrency).toBe(3);
    expect(stored.inputs.length).toBeGreaterThan(0);
    expect(stored.variants[0].settings).toMatchObject({ toolChoice: 'auto', temperature: 0.5, maxTokens: 128 });
    expect(stored.variants[1]).toMatchObject({
      systemPrompt: 'Call simple_tool, then submit_result.',
      settings: { toolChoice: 'required', temperature: 0.5 },
    });

    await panel.jobRunner.whenDone(id);
    const view = getExperimentView(panel, id);
    expect(view).toMatchObject({
      id,
      status: 'completed',
      progress: { done: 8, total: 8 },
      agentName: 'harness',
      simulated: true,
      active: false,
      inFlight: 0,
    });
    expect(view.summary).toEqual(toSummaryJson(experimentSummary(panel.database, id)));
    expect(view.summary.variants.map((variant) => variant.conversations)).toEqual([4, 4]);
    expect(view.settings).toMatchObject({
      requestsPerVariant: 4,
      endpoint: { builtInSimulator: true },
      variants: [{ name: 'baseline' }, { name: 'strict' }],
      // The harness agent's tools run in Remora's own process: nothing to confine, nothing opted into.
      sandbox: { confinement: 'none', unsafeNoSandbox: false, toolProcesses: false },
    });
    // The agent's own prompt stands in for a variant without one.
    expect(view.settings?.variants[0].systemPrompt).toMatch(/<task_description>/);
    expect(getExperimentHeader(panel, id)).toEqual({
      id,
      status: 'completed',
      agentName: 'harness',
      simulated: true,
      variantNames: ['baseline', 'strict'],
    });

    const listed = listExperimentViews(panel).find((item) => item.id === id);
    expect(listed).toMatchObject({ status: 'completed', progress: { done: 8, total: 8 }, active: false });
    expect(listed).not.toHaveProperty('config');
    expect(listed).not.toHaveProperty('runnerId');

    const strict = listExperimentConversations(panel, id, { variant: 'strict', limit: 3, offset: 1 });
    expect(strict.total).toBe(4);
    expect(strict.conversations.map((conversation) => conversation.slot)).toEqual([1, 2, 3]);
    const transcript = getConversationTranscript(panel, strict.conversations[0].id);
    expect(transcript.modelCalls[0].request).toMatchObject({
      tool_choice: 'required',
      temperature: 0.5,
      max_tokens: 128,
    });
    expect(transcript.messages[0]).toEqual({ role: 'system', content: 'Call simple_tool, then submit_result.' });
  });

  it('keeps the placeholder when the request names the simulator’s live URL or its endpoint row', async () => {
    const byUrl = await createExperimentFromRequest(
      panel,
      request({ endpoint: { baseUrl: panel.simulatorUrl(), model: 'fg' } }),
    );
    const byName = await createExperimentFromRequest(panel, request({ endpoint: { name: 'simulated' } }));
    for (const { id } of [byUrl, byName]) {
      await panel.jobRunner.whenDone(id);
      expect(readStoredConfig(getExperiment(panel.database, id)?.config).experiment.endpoint.baseUrl).toBe(
        BUILT_IN_SIMULATOR_URL,
      );
      expect(getExperiment(panel.database, id)?.status).toBe('completed');
    }
  });

  it('keeps the largest answer the request allows with the endpoint, as --max-response-bytes does', async () => {
    const { id } = await createExperimentFromRequest(
      panel,
      request({ endpoint: { kind: 'simulated', maxResponseBytes: 65_536 } }),
    );
    await panel.jobRunner.whenDone(id);
    expect(readStoredConfig(getExperiment(panel.database, id)?.config).experiment.endpoint.maxResponseBytes).toBe(
      65_536,
    );
    const plain = await createExperimentFromRequest(panel, request({}));
    await panel.jobRunner.whenDone(plain.id);
    expect(
      readStoredConfig(getExperiment(panel.database, plain.id)?.config).experiment.endpoint.maxResponseBytes,
    ).toBeUndefined();
  });

  it('probes a server given by URL, and keeps its key only as a variable name', async () => {
    const seen: (string | undefined)[] = [];
    const server: Server = createServer((incoming, response) => {
      seen.push(incoming.headers.authorization);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ id: 'real-model' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    process.env.REMORA_TEST_PANEL_KEY = 'sk-test-secret';
    try {
      const created = createExperimentFromRequest(
        panel,
        request({
          endpoint: { baseUrl, model: 'real-model', apiKeyEnv: 'REMORA_TEST_PANEL_KEY' },
          requestsPerVariant: 1,
        }),
      );
      const { id } = await created;
      await panel.jobRunner.whenDone(id);
      const row = getExperiment(panel.database, id);
      expect(row?.simulated).toBe(false);
      expect(readStoredConfig(row?.config).experiment.endpoint).toMatchObject({
        baseUrl,
        apiKeyEnv: 'REMORA_TEST_PANEL_KEY',
      });
      expect(JSON.stringify(row)).not.toContain('sk-test-secret');
      expect(seen[0]).toBe('Bearer sk-test-secret');
    } finally {
      delete process.env.REMORA_TEST_PANEL_KEY;
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("scores a dataset run with BFCL's checker when asked, and stores the mode with the run", async () => {
    importDataset(panel.database, {
      name: 'echo cases',
      sourceFormat: 'remora',
      cases: [
        DatasetCase.parse({
          id: 'echo-1',
          input: { messages: [{ role: 'user', content: 'Echo ping' }] },
          expect: { kind: 'call', calls: [{ name: 'simple_tool', arguments: { payload: ['ping'] } }] },
        }),
      ],
    });
    const { id } = await createExperimentFromRequest(
      panel,
      request({ dataset: 'echo cases', scoring: 'bfcl', requestsPerVariant: 1 }),
    );
    expect(readStoredConfig(getExperiment(panel.database, id)?.config).experiment.dataset?.scoring).toBe('bfcl');
    await panel.jobRunner.whenDone(id);
    const [verdict] = listCaseVerdicts(panel.database, id);
    expect(verdict.verdict?.scoring).toBe('bfcl');
  });

  it('refuses what cannot run, with reasons', async () => {
    const unknown = (await rejection(createExperimentFromRequest(panel, request({ agent: 'nobody' })))) as InputError;
    expect(unknown).toBeInstanceOf(InputError);
    expect(unknown.problems).toEqual(['agent: no agent named "nobody"']);
    const tool = (await rejection(
      createExperimentFromRequest(panel, request({ toolChoice: 'delete_everything' })),
    )) as InputError;
    expect(tool.problems[0]).toBe(
      "toolChoice: must be auto, required, none or one of the agent's tools (simple_tool, submit_result), " +
        'not "delete_everything"',
    );
    const variantTool = (await rejection(
      createExperimentFromRequest(panel, request({ variants: [{ name: 'a', settings: { toolChoice: 'nope' } }] })),
    )) as InputError;
    expect(variantTool.problems[0]).toMatch(/^variants\.0\.settings\.toolChoice:/);
    const down = (await rejection(
      createExperimentFromRequest(panel, request({ endpoint: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' } })),
    )) as InputError;
    expect(down.problems[0]).toMatch(/^endpoint\.baseUrl: cannot reach http:\/\/127\.0\.0\.1:9\/v1/);
    const noEndpoint = (await rejection(
      createExperimentFromRequest(panel, request({ endpoint: { name: 'missing' } })),
    )) as InputError;
    expect(noEndpoint.problems).toEqual(['endpoint.name: no endpoint named "missing"']);
    // A key named but not set: refused as the command line refuses --api-key-env, not sent without one.
    delete process.env.REMORA_TEST_UNSET_PANEL_KEY;
    const unsetKey = (await rejection(
      createExperimentFromRequest(
        panel,
        request({
          endpoint: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKeyEnv: 'REMORA_TEST_UNSET_PANEL_KEY' },
        }),
      ),
    )) as InputError;
    expect(unsetKey).toBeInstanceOf(InputError);
    expect(unsetKey.problems).toEqual([
      "endpoint.baseUrl: the environment variable REMORA_TEST_UNSET_PANEL_KEY is not set in the panel's environment",
    ]);
    const scoringAlone = (await rejection(
      createExperimentFromRequest(panel, request({ scoring: 'bfcl' })),
    )) as InputError;
    expect(scoringAlone.problems).toEqual(['scoring: give a dataset to score, or leave scoring out']);
  });

  it('accepts inputs in the request instead of the agent’s', async () => {
    const { id } = await createExperimentFromRequest(
      panel,
      request({ inputs: [{ node_text: 'only this' }], requestsPerVariant: 2 }),
    );
    await panel.jobRunner.whenDone(id);
    const page = listExperimentConversations(panel, id, { limit: 10, offset: 0 });
    expect(page.conversations.map((conversation) => conversation.input)).toEqual([
      { node_text: 'only this' },
      { node_text: 'only this' },
    ]);
  });
});

describe('cancel and look-ups', () => {
  it('cancels a running experiment, refuses a finished one, and knows no unknown id', async () => {
    const { id } = await createExperimentFromRequest(panel, request({ requestsPerVariant: 5000, concurrency: 2 }));
    expect(cancelExperimentById(panel, id)).toEqual({ id, status: 'cancelled' });
    await panel.jobRunner.whenDone(id);
    expect(getExperimentView(panel, id).status).toBe('cancelled');

    const finished = await createExperimentFromRequest(panel, request({ requestsPerVariant: 1 }));
    await panel.jobRunner.whenDone(finished.id);
    expect(() => cancelExperimentById(panel, finished.id)).toThrow(ExperimentConflictError);
    expect(() => cancelExperimentById(panel, 'missing')).toThrow(NotFoundError);
    expect(() => getExperimentView(panel, 'missing')).toThrow(NotFoundError);
    expect(() => listExperimentConversations(panel, 'missing', { limit: 1, offset: 0 })).toThrow(NotFoundError);
    expect(() => getConversationTranscript(panel, 'missing')).toThrow(NotFoundError);
  });
});
