// Model output holding HTML and scripts, seen through every part of a transcript this panel has:
// the list and its search, the tool call and its arguments, the validated call, the request sent
// and the raw response (loaded on demand), and two such conversations side by side.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExperiment, screenshot, waitForEnd } from './helpers';

const PAYLOAD = '<img src=x onerror=window.__remoraInjected=1><script>window.__remoraInjected = 2</script>';
const ANSWER = '<b>Done</b><script>window.__remoraInjected = 3</script>';

let server: Server;
let baseUrl: string;

// A model that first calls simple_tool with HTML in its arguments (JSON in content), then answers in HTML.
test.beforeAll(async () => {
  server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/v1/models')
      return send(200, { object: 'list', data: [{ id: 'hostile', object: 'model' }] });
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions')
      return send(404, { error: { message: 'no such route' } });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { role: string }[] };
      const answered = body.messages.some((message) => message.role === 'tool');
      const content = answered ? ANSWER : JSON.stringify({ name: 'simple_tool', arguments: { payload: PAYLOAD } });
      send(200, {
        id: 'chatcmpl-hostile',
        object: 'chat.completion',
        created: 0,
        model: 'hostile',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function nothingRan(page: Page) {
  await expect(page.locator('main img, main b, main script')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __remoraInjected?: number }).__remoraInjected),
  ).toBeUndefined();
}

test('HTML and scripts in model output are shown as text everywhere', async ({ page, request }) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'first' }, { name: 'second' }],
    endpoint: { baseUrl, model: 'hostile' },
    requestsPerVariant: 1,
    inputs: [{ node_text: 'Echo <script>window.__remoraInjected = 4</script>' }],
  });
  const finished = await waitForEnd(request, id);
  expect(finished.summary.variants.map((variant) => variant.outcomes)).toEqual([
    { no_tool_call: 1 },
    { no_tool_call: 1 },
  ]);

  // Found by searching for the markup itself.
  await page.goto(`/experiments/${id}/conversations?q=${encodeURIComponent('<script>window.__remoraInjected = 3')}`);
  await expect(page.getByTestId('conversation-row')).toHaveCount(2);
  await nothingRan(page);
  await page.getByTestId('conversation-link').first().click();

  await expect(page.getByTestId('tool-call-arguments').first()).toContainText(PAYLOAD);
  await expect(page.locator('[data-testid="message"][data-role="tool"]').first()).toContainText(PAYLOAD);
  await expect(page.getByTestId('final-text')).toContainText(ANSWER);
  const call = page.getByTestId('model-call').first();
  await expect(call.getByTestId('parse-path')).toHaveText('json_name_arguments');
  await call.locator('summary').first().click();
  await expect(call.getByTestId('validated-calls')).toContainText(PAYLOAD);
  await call.getByTestId('request-details').locator('summary').click();
  await expect(call.getByTestId('request-message').nth(1)).toContainText(
    '<script>window.__remoraInjected = 4</script>',
  );
  await call.getByTestId('response-details').locator('summary').click();
  await expect(call.getByTestId('raw-response')).toContainText('onerror');
  const last = page.getByTestId('model-call').nth(1);
  await last.locator('summary').first().click();
  await last.getByTestId('response-details').locator('summary').click();
  await expect(last.getByTestId('raw-response')).toContainText(JSON.stringify(ANSWER).slice(1, -1));
  await nothingRan(page);
  await screenshot(page, 'transcript-untrusted-details');

  // Side by side, both columns as text.
  const list = await (await request.get(`/api/experiments/${id}/conversations`)).json();
  await page.goto(`/compare/pair?a=${list.conversations[0].id}&b=${list.conversations[1].id}`);
  await expect(page.getByTestId('pair-a').getByTestId('final-text')).toContainText(ANSWER);
  await expect(page.getByTestId('pair-b').getByTestId('tool-call-arguments').first()).toContainText(PAYLOAD);
  await nothingRan(page);
});
