// The control panel's HTTP API as the spec states it: routes, shapes, status codes.
import { expect, test } from './fixtures';
import { createExperiment, simulatorUrl, waitForEnd } from './helpers';

test('a two-variant experiment on the simulator: create, finish, summary, conversations, transcript', async ({
  request,
}) => {
  const baseUrl = await simulatorUrl(request);
  const agents = await (await request.get('/api/agents')).json();
  const harness = agents.agents.find((agent: { name: string }) => agent.name === 'harness');
  expect(harness).toMatchObject({ valid: true, maxTurns: 2 });
  expect(harness.tools.map((tool: { name: string }) => tool.name)).toEqual(['simple_tool', 'submit_result']);

  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [
      { name: 'baseline', systemPrompt: harness.systemPrompt },
      {
        name: 'terse',
        systemPrompt: 'Call simple_tool with the request, then submit_result. Always respond with a tool call.',
      },
    ],
    endpoint: { baseUrl, model: 'functiongemma-270m-it-sim' },
    requestsPerVariant: 12,
    concurrency: 4,
    toolChoice: 'auto',
    temperature: 0,
    maxTokens: 256,
  });

  const finished = await waitForEnd(request, id);
  expect(finished.status).toBe('completed');
  expect(finished.id).toBe(id);
  expect(finished.progress).toEqual({ done: 24, total: 24 });
  // The summary is the command line's summary JSON.
  expect(finished.summary).toMatchObject({ experimentId: id, status: 'completed', simulated: true });
  expect(finished.summary.variants.map((variant) => [variant.name, variant.conversations])).toEqual([
    ['baseline', 12],
    ['terse', 12],
  ]);
  for (const variant of finished.summary.variants) {
    const parsed = Object.values(variant.parsePaths).reduce((sum, count) => sum + count, 0);
    expect(parsed).toBeLessThanOrEqual(variant.modelCalls);
    expect(Object.values(variant.outcomes).reduce((sum, count) => sum + count, 0)).toBe(12);
    expect(variant).toHaveProperty('toolCallRate.low');
    expect(variant).toHaveProperty('latencyMs.p95');
  }
  expect(finished.summary.comparisons.length).toBeGreaterThan(0);

  const listed = await (await request.get('/api/experiments')).json();
  expect(listed.experiments.find((experiment: { id: string }) => experiment.id === id)).toMatchObject({
    status: 'completed',
    simulated: true,
    progress: { done: 24, total: 24 },
  });

  const page = await request.get(`/api/experiments/${id}/conversations?variant=terse&limit=5&offset=0`);
  expect(page.status()).toBe(200);
  const conversations = await page.json();
  expect(conversations).toMatchObject({ total: 12, limit: 5, offset: 0 });
  expect(conversations.conversations).toHaveLength(5);
  expect(
    conversations.conversations.every((conversation: { variantName: string }) => conversation.variantName === 'terse'),
  ).toBe(true);

  const submitted = await (
    await request.get(`/api/experiments/${id}/conversations?outcome=submitted&parsePath=tool_calls&limit=1`)
  ).json();
  expect(submitted.total).toBeGreaterThan(0);
  const conversationId = submitted.conversations[0].id;

  const transcriptResponse = await request.get(`/api/conversations/${conversationId}`);
  expect(transcriptResponse.status()).toBe(200);
  const transcript = await transcriptResponse.json();
  expect(transcript.conversation).toMatchObject({ id: conversationId, outcome: 'submitted' });
  expect(transcript.experiment).toMatchObject({ id, simulated: true });
  expect(transcript.modelCalls.length).toBeGreaterThanOrEqual(2);
  // The second request holds the whole history: system, user, the assistant's call, its result.
  const second = transcript.modelCalls[1];
  expect(second.request.messages.map((message: { role: string }) => message.role)).toEqual([
    'system',
    'user',
    'assistant',
    'tool',
  ]);
  const [, , assistant, tool] = second.request.messages;
  expect(assistant.tool_calls).toHaveLength(1);
  expect(tool.tool_call_id).toBe(assistant.tool_calls[0].id);
  expect(tool.name).toBe(assistant.tool_calls[0].function.name);
  expect(second.request.tools.map((spec: { function: { name: string } }) => spec.function.name)).toEqual([
    'simple_tool',
    'submit_result',
  ]);
  expect(second).toHaveProperty('parsePath');
  expect(second).toHaveProperty('latencyMs');
  expect(second).toHaveProperty('response');
  expect(transcript.modelCalls[0].toolExecutions.length).toBeGreaterThan(0);
});

test('a bad request gets 400 with its reasons; unknown ids get 404', async ({ request }) => {
  const bad = await request.post('/api/experiments', {
    data: {
      agent: 'harness',
      variants: [{ name: 'a' }, { name: 'a' }],
      endpoint: { baseUrl: 'not a url', model: 'm' },
      requestsPerVariant: 0,
      concurrency: 4,
      toolChoice: 'auto',
      temperature: 9,
    },
  });
  expect(bad.status()).toBe(400);
  const body = await bad.json();
  expect(body.error).toBe('invalid request');
  const reasons: string[] = body.reasons;
  expect(reasons.some((reason) => reason.startsWith('requestsPerVariant:'))).toBe(true);
  expect(reasons.some((reason) => reason.startsWith('temperature:'))).toBe(true);
  expect(reasons.some((reason) => reason.startsWith('endpoint.baseUrl:'))).toBe(true);
  expect(reasons.some((reason) => reason.includes('"a" is used twice'))).toBe(true);

  const unknownAgent = await request.post('/api/experiments', {
    data: { agent: 'nobody', variants: [{ name: 'a' }], endpoint: { kind: 'simulated' }, requestsPerVariant: 1 },
  });
  expect(unknownAgent.status()).toBe(400);
  expect((await unknownAgent.json()).reasons).toEqual(['agent: no agent named "nobody"']);

  const namedTool = await request.post('/api/experiments', {
    data: {
      agent: 'harness',
      variants: [{ name: 'a' }],
      endpoint: { kind: 'simulated' },
      requestsPerVariant: 1,
      toolChoice: 'rm_rf',
    },
  });
  expect(namedTool.status()).toBe(400);
  expect((await namedTool.json()).reasons[0]).toMatch(/^toolChoice: .*not "rm_rf"/);

  const notJson = await request.post('/api/experiments', {
    headers: { 'content-type': 'application/json' },
    data: Buffer.from('{"agent": '),
  });
  expect(notJson.status()).toBe(400);
  expect((await notJson.json()).error).toBe('the body is not valid JSON');

  const badQuery = await request.get('/api/experiments/anything/conversations?parsePath=guesswork&limit=0');
  expect(badQuery.status()).toBe(400);
  expect((await badQuery.json()).reasons).toHaveLength(2);

  for (const path of [
    '/api/experiments/no-such-id',
    '/api/experiments/no-such-id/conversations',
    '/api/conversations/no-such-id',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(Object.keys(await response.json())).toEqual(['error']);
  }
  expect((await request.post('/api/experiments/no-such-id/cancel')).status()).toBe(404);
  expect((await request.post('/api/endpoints/no-such-id/test')).status()).toBe(404);
});

test('endpoints: saved with the name of a key variable only, tested against /models', async ({ request }) => {
  const baseUrl = await simulatorUrl(request);
  const leaky = await request.post('/api/endpoints', {
    data: { name: 'leaky', baseUrl, model: 'm', apiKeyEnv: 'sk-proj-1234567890abcdef' },
  });
  expect(leaky.status()).toBe(400);
  expect((await leaky.json()).reasons[0]).toMatch(/^apiKeyEnv: must be the NAME/);

  const created = await request.post('/api/endpoints', {
    data: {
      name: `sim copy ${Date.now()}`,
      baseUrl,
      model: 'functiongemma-270m-it-sim',
      apiKeyEnv: 'REMORA_E2E_UNSET_KEY',
    },
  });
  expect(created.status()).toBe(201);
  const endpoint = await created.json();
  expect(endpoint).toMatchObject({ kind: 'openai', apiKeyEnv: 'REMORA_E2E_UNSET_KEY', builtIn: false });
  const tested = await (await request.post(`/api/endpoints/${endpoint.id}/test`)).json();
  expect(tested).toMatchObject({
    reachable: true,
    simulated: true,
    models: ['functiongemma-270m-it-sim'],
    apiKey: 'missing',
  });

  const duplicate = await request.post('/api/endpoints', { data: { name: endpoint.name, baseUrl, model: 'x' } });
  expect(duplicate.status()).toBe(400);

  const listed = await (await request.get('/api/endpoints')).json();
  expect(listed.endpoints.map((row: { name: string }) => row.name)).toContain(endpoint.name);
  const down = await request.post('/api/experiments', {
    data: {
      agent: 'harness',
      variants: [{ name: 'a' }],
      endpoint: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
      requestsPerVariant: 1,
    },
  });
  expect(down.status()).toBe(400);
  expect((await down.json()).reasons[0]).toMatch(/^endpoint\.baseUrl: cannot reach http:\/\/127\.0\.0\.1:9\/v1/);
});

test('writes from another site are refused', async ({ request }) => {
  const response = await request.post('/api/experiments', { headers: { origin: 'http://evil.example' }, data: {} });
  expect(response.status()).toBe(403);
  const rebinding = await request.get('/api/agents', { headers: { host: 'evil.example:3310' } });
  expect(rebinding.status()).toBe(403);
});
