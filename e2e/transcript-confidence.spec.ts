// A server that returns logprobs the way vLLM documents them, and whose tool parser drops a bare
// number: the transcript shows the raw output rebuilt from the tokens, the model's probability for
// the tool name it chose with the runner-up names, and flags the lost value.
import { expect, test } from './fixtures';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExperiment, screenshot, waitForEnd } from './helpers';

let server: Server;
let baseUrl: string;

type Token = [text: string, probability: number, alternatives?: [string, number][]];

function completion(tokens: Token[], toolCall: { name: string; arguments: string }) {
  return {
    id: 'chatcmpl-vllm',
    object: 'chat.completion',
    created: 0,
    model: 'functiongemma',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: `call_${toolCall.name}`, type: 'function', function: toolCall }],
        },
        logprobs: {
          content: tokens.map(([token, probability, alternatives]) => ({
            token,
            logprob: Math.log(probability),
            bytes: null,
            top_logprobs: (alternatives ?? [[token, probability]]).map(([text, chance]) => ({
              token: text,
              logprob: Math.log(chance),
              bytes: null,
            })),
          })),
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 50, completion_tokens: tokens.length, total_tokens: 50 + tokens.length },
  };
}

const SURE = 0.99;
// The model wrote `repeat:3` (a bare number); the parsed arguments only kept the escaped string.
const FIRST = completion(
  [
    ['<start_function_call>', SURE],
    ['call', SURE],
    [':', SURE],
    [
      'simple',
      0.8,
      [
        ['simple', 0.8],
        ['submit', 0.2],
      ],
    ],
    ['_tool', 0.95],
    ['{', SURE],
    ['payload', SURE],
    [':', SURE],
    ['<escape>', SURE],
    ['hi', SURE],
    ['<escape>', SURE],
    [',', SURE],
    ['repeat', SURE],
    [':', SURE],
    ['3', SURE],
    ['}', SURE],
    ['<end_function_call>', SURE],
  ],
  { name: 'simple_tool', arguments: '{"payload": "hi"}' },
);
const SECOND = completion(
  [
    ['<start_function_call>', SURE],
    ['call', SURE],
    [':', SURE],
    [
      'submit',
      0.9,
      [
        ['submit', 0.9],
        ['simple', 0.1],
      ],
    ],
    ['_result', 1],
    ['{summary:<escape>done<escape>}', SURE],
    ['<end_function_call>', SURE],
  ],
  { name: 'submit_result', arguments: '{"summary": "done"}' },
);

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/v1/models')
      return send(200, { object: 'list', data: [{ id: 'functiongemma', object: 'model' }] });
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions')
      return send(404, { error: { message: 'no such route' } });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { role: string }[] };
      send(200, body.messages.some((message) => message.role === 'tool') ? SECOND : FIRST);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('the transcript shows the raw output, the tool-name confidence with runner-ups, and a lost value', async ({
  page,
  request,
}) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'logprobs' }],
    endpoint: { baseUrl, model: 'functiongemma' },
    requestsPerVariant: 1,
    inputs: [{ node_text: 'hi' }],
  });
  const finished = await waitForEnd(request, id);
  expect(finished.summary.variants[0].outcomes).toEqual({ submitted: 1 });
  const list = await (await request.get(`/api/experiments/${id}/conversations`)).json();
  await page.goto(`/conversations/${list.conversations[0].id}`);

  const first = page.getByTestId('model-call').first();
  await expect(first.locator('summary').first()).toContainText('name 76.0%');
  await expect(first.locator('summary').first()).toContainText('values lost');
  await first.locator('summary').first().click();
  const confidence = first.getByTestId('tool-name-confidence');
  await expect(confidence).toContainText('simple_tool');
  await expect(confidence.getByTestId('name-probability')).toHaveText('76.0%');
  await expect(confidence.getByTestId('runner-ups')).toContainText('submit_result');
  await expect(confidence.getByTestId('runner-ups')).toContainText('20.0%');
  await expect(first.getByTestId('lost-values')).toContainText('repeat');
  await expect(first.getByTestId('lost-values')).toContainText(
    'the model wrote 3, the parsed call has no such argument',
  );
  await first.getByTestId('raw-output').locator('summary').click();
  await expect(first.getByTestId('raw-output')).toContainText(
    '<start_function_call>call:simple_tool{payload:<escape>hi<escape>,repeat:3}<end_function_call>',
  );
  await expect(first.getByTestId('raw-output').locator('summary')).toHaveText('Raw output rebuilt from 17 tokens');

  const second = page.getByTestId('model-call').nth(1);
  await expect(second.locator('summary').first()).toContainText('name 90.0%');
  await expect(second.locator('summary').first()).not.toContainText('values lost');
  await screenshot(page, 'transcript-confidence');
});
