// Model output is untrusted: a model that answers with HTML and a script must see it shown as text.
import { expect, test } from './fixtures';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExperiment, screenshot, waitForEnd } from './helpers';

const HOSTILE =
  '<script>window.__remoraInjected = 1</script><img src="x" onerror="window.__remoraInjected = 2"><b>bold?</b>';

let server: Server;
let baseUrl: string;

// A tiny OpenAI-compatible server whose "model" answers every request with the hostile text.
test.beforeAll(async () => {
  server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/v1/models')
      return send(200, { object: 'list', data: [{ id: 'hostile', object: 'model' }] });
    if (request.method === 'POST' && request.url === '/v1/chat/completions') {
      request.resume();
      request.on('end', () =>
        send(200, {
          id: 'chatcmpl-hostile',
          object: 'chat.completion',
          created: 0,
          model: 'hostile',
          choices: [{ index: 0, message: { role: 'assistant', content: HOSTILE }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
        }),
      );
      return;
    }
    send(404, { error: { message: 'no such route' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('model output holding <script> and HTML is shown as text, never run', async ({ page, request }) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'plain', systemPrompt: 'Answer. <i>not italic</i>' }],
    endpoint: { baseUrl, model: 'hostile' },
    requestsPerVariant: 1,
    inputs: [{ node_text: 'Echo <script>window.__remoraInjected = 3</script> please' }],
  });
  const finished = await waitForEnd(request, id);
  expect(finished.summary.variants[0].outcomes).toEqual({ no_tool_call: 1 });
  expect(finished.summary.simulated).toBeUndefined();

  const list = await (await request.get(`/api/experiments/${id}/conversations`)).json();
  await page.goto(`/conversations/${list.conversations[0].id}`);
  const assistant = page.locator('[data-testid="message"][data-role="assistant"]');
  await expect(assistant.getByTestId('message-content')).toHaveText(HOSTILE);
  await expect(page.getByTestId('final-text')).toContainText(HOSTILE);
  await expect(page.locator('[data-testid="message"][data-role="user"]')).toContainText(
    '<script>window.__remoraInjected = 3</script>',
  );
  await expect(page.locator('[data-testid="message"][data-role="system"]')).toContainText('<i>not italic</i>');
  // Nothing of it became markup.
  await expect(page.locator('main img, main b, main i, main script')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __remoraInjected?: number }).__remoraInjected),
  ).toBeUndefined();
  await screenshot(page, 'transcript-hostile');

  await page.goto(`/experiments/${id}/conversations`);
  await expect(page.getByTestId('conversation-row')).toContainText('<script>');
  expect(
    await page.evaluate(() => (window as unknown as { __remoraInjected?: number }).__remoraInjected),
  ).toBeUndefined();
});
