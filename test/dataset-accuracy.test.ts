import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pythonJsonDumps } from '../lib/parsing/python-json';
import { runCli } from './cli-process';

// The harness, run as a user runs it, on datasets against a local server whose right and wrong
// answers per case are known: call accuracy, name accuracy and every case's verdict must equal
// that truth exactly.

type Reply = Record<string, unknown> | 'fail';
type Case = { key: string; messages: unknown[]; reply: Reply; correct: boolean | null; nameCorrect: boolean | null };

const user = (content: string) => ({ role: 'user', content });
const earlier = (name: string, args: Record<string, unknown>) => ({
  role: 'assistant',
  content: '',
  tool_calls: [{ type: 'function', function: { name, arguments: args } }],
});
const calls = (...made: [string, Record<string, unknown> | string][]) => ({
  content: null,
  tool_calls: made.map(([name, args], index) => ({
    id: `chatcmpl-tool-${index}`,
    type: 'function',
    function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
  })),
});
const text = (content: string) => ({ content });

// distil-labs cases: the answer, then what the server replies and whether that is right.
const distilCases: (Case & { answer: { name: string; parameters: Record<string, unknown> } })[] = [
  {
    key: 'line-1',
    messages: [user('Turn on the living room lights')],
    answer: { name: 'toggle_lights', parameters: { room: 'living_room', state: 'on' } },
    reply: calls(['toggle_lights', { state: 'on', room: 'living_room' }]),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'line-2',
    messages: [user('Lock the back door')],
    answer: { name: 'lock_door', parameters: { door: 'back', state: 'lock' } },
    reply: text('{"name": "lock_door", "arguments": {"door": "back", "state": "lock"}}'),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'line-3',
    messages: [user('Set the heat to 71')],
    answer: { name: 'set_thermostat', parameters: { temperature: 71, mode: 'heat' } },
    reply: calls(['set_thermostat', { temperature: 71 }]),
    correct: false,
    nameCorrect: true,
  },
  {
    key: 'line-4',
    messages: [user('Lock all the doors')],
    answer: { name: 'lock_door', parameters: { state: 'lock' } },
    reply: calls(['lock_door', { door: 'front', state: 'lock' }]),
    correct: false,
    nameCorrect: true,
  },
  {
    key: 'line-5',
    messages: [user('Is the garage locked?')],
    answer: { name: 'get_device_status', parameters: { device_type: 'door', room: 'garage' } },
    reply: calls(['toggle_lights', { room: 'kitchen', state: 'on' }]),
    correct: false,
    nameCorrect: false,
  },
  {
    key: 'line-6',
    messages: [user('Order me a pizza')],
    answer: { name: 'intent_unclear', parameters: { reason: 'off_topic' } },
    reply: text('Sorry, I cannot order food.'),
    correct: false,
    nameCorrect: false,
  },
  {
    key: 'line-7',
    messages: [
      user('Turn on the bedroom lights'),
      earlier('toggle_lights', { room: 'bedroom', state: 'on' }),
      user('And the kitchen too'),
    ],
    answer: { name: 'toggle_lights', parameters: { room: 'kitchen', state: 'on' } },
    reply: calls(['toggle_lights', { room: 'kitchen', state: 'on' }]),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'line-8',
    messages: [user('Set the thermostat to 74'), earlier('set_thermostat', { temperature: 74 }), user('Make it 70')],
    answer: { name: 'set_thermostat', parameters: { temperature: 70 } },
    reply: calls(['set_thermostat', { temperature: '70' }]),
    correct: false,
    nameCorrect: true,
  },
  {
    key: 'line-9',
    messages: [user('Thermostat to 72 please')],
    answer: { name: 'set_thermostat', parameters: { temperature: 72 } },
    reply: calls(['set_thermostat', '{"temperature": 72.0}']),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'line-10',
    messages: [user('Start the party')],
    answer: { name: 'set_scene', parameters: { scene: 'party' } },
    reply: text('<start_function_call>call:set_scene{scene:<escape>party<escape>}<end_function_call>'),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'line-11',
    messages: [user('Turn off the office lights')],
    answer: { name: 'toggle_lights', parameters: { room: 'office', state: 'off' } },
    reply: calls(
      ['toggle_lights', { room: 'office', state: 'off' }],
      ['toggle_lights', { room: 'hallway', state: 'off' }],
    ),
    correct: false,
    nameCorrect: false,
  },
  // The server fails this one every time: no response, so it counts in no rate.
  {
    key: 'line-12',
    messages: [user('Unlock the side door')],
    answer: { name: 'lock_door', parameters: { door: 'side', state: 'unlock' } },
    reply: 'fail',
    correct: null,
    nameCorrect: null,
  },
];

// The project's own format: parallel calls, an optional argument, and irrelevant requests.
const remoraCases: (Case & { expect: unknown })[] = [
  {
    key: 'parallel-reordered',
    messages: [user('Turn off the kitchen and the bedroom lights')],
    expect: {
      kind: 'call',
      calls: [
        { name: 'toggle_lights', arguments: { room: ['kitchen'], state: ['off'] } },
        { name: 'toggle_lights', arguments: { room: ['bedroom'], state: ['off'] } },
      ],
    },
    reply: calls(
      ['toggle_lights', { room: 'bedroom', state: 'off' }],
      ['toggle_lights', { room: 'kitchen', state: 'off' }],
    ),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'parallel-one-missing',
    messages: [user('Lock the front and back doors')],
    expect: {
      kind: 'call',
      calls: [
        { name: 'lock_door', arguments: { door: ['front'], state: ['lock'] } },
        { name: 'lock_door', arguments: { door: ['back'], state: ['lock'] } },
      ],
    },
    reply: calls(['lock_door', { door: 'front', state: 'lock' }]),
    correct: false,
    nameCorrect: false,
  },
  {
    key: 'optional-absent',
    messages: [user('Heat to 68')],
    expect: {
      kind: 'call',
      calls: [{ name: 'set_thermostat', arguments: { temperature: [68], mode: ['heat'] }, optional: ['mode'] }],
    },
    reply: calls(['set_thermostat', { temperature: 68 }]),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'irrelevant-quiet',
    messages: [user('Thanks, that is all')],
    expect: { kind: 'no_call' },
    reply: text('You are welcome.'),
    correct: true,
    nameCorrect: null,
  },
  {
    key: 'irrelevant-called',
    messages: [user('What a lovely day')],
    expect: { kind: 'no_call' },
    reply: calls(['get_device_status', { device_type: 'all' }]),
    correct: false,
    nameCorrect: null,
  },
];

const replies = new Map<string, Reply>(
  [...distilCases, ...remoraCases].map((entry) => [
    (entry.messages.at(-1) as { content: string }).content,
    entry.reply,
  ]),
);
const received: {
  messages: { role: string; tool_calls?: { id: string }[] }[];
  tools: { function: { name: string } }[];
}[] = [];

function startServer(): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'GET' && request.url === '/v1/models') {
        response.end(JSON.stringify({ object: 'list', data: [{ id: 'truth-model', object: 'model' }] }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      received.push(body);
      const last = [...body.messages].reverse().find((message: { role: string }) => message.role === 'user');
      const reply = replies.get(last?.content);
      if (reply === undefined || reply === 'fail') {
        response.statusCode = 500;
        response.end(
          JSON.stringify({
            error: { message: reply === 'fail' ? 'planned failure' : `no reply for ${last?.content}` },
          }),
        );
        return;
      }
      response.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', ...reply }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server: Server;
let baseUrl: string;
// What the two runs printed, and the requests the server received during the distil-labs one.
let distilSummary: any;
let remoraSummary: any;
let distilRequests: typeof received;
const folder = mkdtempSync(path.join(tmpdir(), 'remora-dataset-'));
const db = path.join(folder, 'accuracy.db');
const distilFile = path.join(folder, 'smart-home-held-out.jsonl');
const remoraFile = path.join(folder, 'parallel-and-irrelevant.jsonl');
const distilText = distilCases
  .map(
    (entry) =>
      `${pythonJsonDumps({ question: pythonJsonDumps(entry.messages), answer: pythonJsonDumps(entry.answer) })}\n`,
  )
  .join('');

beforeAll(async () => {
  server = await startServer();
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  writeFileSync(distilFile, distilText);
  writeFileSync(
    remoraFile,
    remoraCases
      .map(
        (entry) => `${JSON.stringify({ id: entry.key, input: { messages: entry.messages }, expect: entry.expect })}\n`,
      )
      .join(''),
  );
  distilSummary = await runDataset(distilFile, 'distil');
  distilRequests = [...received];
  remoraSummary = await runDataset(remoraFile, 'remora');
}, 120_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function runDataset(file: string, format: string) {
  const run = await runCli([
    'harness',
    '--agent',
    'smart_home',
    '--base-url',
    baseUrl,
    '--model',
    'truth-model',
    '--dataset',
    file,
    '--dataset-format',
    format,
    '--concurrency',
    '4',
    '--db',
    db,
    '--json',
  ]);
  expect(run.stderr).not.toContain('internal error');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

async function verdicts(
  experimentId: string,
): Promise<Map<string, { correct: boolean | null; nameCorrect: boolean | null; scored: boolean; failures: string[] }>> {
  const run = await runCli(['dataset', 'verdicts', experimentId, '--db', db]);
  expect(run.code).toBe(0);
  return new Map(
    run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .map((row) => [row.case, row]),
  );
}

function truthRate(cases: Case[], test: (entry: Case) => boolean, among: (entry: Case) => boolean) {
  const trials = cases.filter(among);
  return trials.filter(test).length / trials.length;
}

describe('harness --dataset against a server with known answers', () => {
  it('reports call and name accuracy equal to the truth on a distil-labs file, and each case verdict', async () => {
    const summary = distilSummary;
    const [variant] = summary.variants;
    const scored = (entry: Case) => entry.correct !== null;
    expect(variant.conversations).toBe(distilCases.length);
    expect(variant.counts.callAccuracy).toEqual({ successes: 5, trials: 11 });
    expect(variant.callAccuracy.value).toBe(truthRate(distilCases, (entry) => entry.correct === true, scored));
    expect(variant.nameAccuracy.value).toBe(truthRate(distilCases, (entry) => entry.nameCorrect === true, scored));
    expect(variant.argumentAccuracy.value).toBe(
      truthRate(
        distilCases,
        (entry) => entry.correct === true,
        (entry) => entry.nameCorrect === true,
      ),
    );
    expect(variant.irrelevanceAccuracy).toBeUndefined();
    expect(variant.callAccuracy.low).toBeLessThan(variant.callAccuracy.value);
    // Task success of a dataset run is the expected call; a case whose request failed is judged a failure.
    expect(variant.counts.taskSuccessRate).toEqual({ successes: 5, trials: distilCases.length });

    const byCase = await verdicts(summary.experimentId);
    for (const entry of distilCases) {
      const verdict = byCase.get(entry.key);
      expect(verdict?.scored, entry.key).toBe(entry.correct !== null);
      if (entry.correct === null) continue;
      expect(verdict?.correct, entry.key).toBe(entry.correct);
      expect(verdict?.nameCorrect, entry.key).toBe(entry.nameCorrect);
    }
    expect(byCase.get('line-4')?.failures).toEqual([
      'argument "door" was given, but the expected call does not have it',
    ]);
    expect(byCase.get('line-8')?.failures).toEqual(['argument "temperature" must be an integer, got string "70"']);
  });

  it('sent each case once, as the set gives it: system prompt, earlier turns with ids and no results, the agent tools', () => {
    const multiTurn = distilRequests.find((body) => body.messages.some((message) => message.role === 'assistant'));
    expect(multiTurn?.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(multiTurn?.messages[2].tool_calls?.[0].id).toMatch(/^call_/);
    expect(multiTurn?.tools.map((tool) => tool.function.name)).toEqual([
      'toggle_lights',
      'set_thermostat',
      'lock_door',
      'get_device_status',
      'set_scene',
      'intent_unclear',
    ]);
    // One request per answered case (max turns 1), three attempts for the one that always fails.
    expect(distilRequests.length).toBe(distilCases.length - 1 + 3);
  });

  it('scores parallel calls in another order, an optional argument, and irrelevant requests', async () => {
    const summary = remoraSummary;
    const [variant] = summary.variants;
    const calls = remoraCases.filter((entry) => entry.nameCorrect !== null);
    const irrelevant = remoraCases.filter((entry) => entry.nameCorrect === null);
    expect(variant.counts.callAccuracy).toEqual({ successes: 2, trials: 3 });
    expect(variant.nameAccuracy.value).toBe(calls.filter((entry) => entry.nameCorrect).length / calls.length);
    expect(variant.counts.irrelevanceAccuracy).toEqual({ successes: 1, trials: 2 });
    expect(variant.irrelevanceAccuracy.value).toBe(
      irrelevant.filter((entry) => entry.correct).length / irrelevant.length,
    );
    const byCase = await verdicts(summary.experimentId);
    for (const entry of remoraCases) expect(byCase.get(entry.key)?.correct, entry.key).toBe(entry.correct);
  });

  it("scores with BFCL's checker when asked (--scoring bfcl), and says so in each verdict", async () => {
    const run = await runCli([
      'harness',
      '--agent',
      'smart_home',
      '--base-url',
      baseUrl,
      '--model',
      'truth-model',
      '--dataset',
      remoraFile,
      '--scoring',
      'bfcl',
      '--concurrency',
      '4',
      '--db',
      db,
      '--json',
    ]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    const byCase = await verdicts(summary.experimentId);
    for (const entry of remoraCases) {
      const verdict = byCase.get(entry.key) as unknown as { scoring: string; correct: boolean };
      expect(verdict.scoring, entry.key).toBe('bfcl');
      expect(verdict.correct, entry.key).toBe(entry.correct);
    }
    const refused = await runCli([
      'harness',
      '--agent',
      'smart_home',
      '--base-url',
      baseUrl,
      '--model',
      'truth-model',
      '--dataset',
      remoraFile,
      '--scoring',
      'strictest',
      '--db',
      db,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('unknown scoring mode "strictest"; use one of lenient, bfcl');
  });

  it('keeps the cases whose first call failed as a new dataset that reimports and scores', async () => {
    const out = path.join(folder, 'failures.jsonl');
    const made = await runCli([
      'export',
      distilSummary.experimentId,
      '--format',
      'dataset',
      '--name',
      'held-out failures',
      '--out',
      out,
      '--db',
      db,
    ]);
    expect(made.code, made.stderr).toBe(0);
    const failed = distilCases.filter((entry) => entry.correct === false);
    expect(made.stderr).toContain(`dataset "held-out failures"`);
    expect(made.stderr).toContain(`${failed.length} failed case(s)`);
    const kept = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(kept.map((entry) => entry.id)).toEqual(failed.map((entry) => entry.key));
    for (const entry of kept) expect(entry.expect.kind).toBe('call');
    // Imported into a fresh database and run: the same server fails them all again.
    const freshDb = path.join(folder, 'failures.db');
    const imported = await runCli(['dataset', 'import', out, '--db', freshDb]);
    expect(imported.code, imported.stderr).toBe(0);
    const run = await runCli([
      'harness',
      '--agent',
      'smart_home',
      '--base-url',
      baseUrl,
      '--model',
      'truth-model',
      '--dataset',
      out,
      '--db',
      freshDb,
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).variants[0].counts.callAccuracy).toEqual({ successes: 0, trials: failed.length });
  });

  it('reuses the stored dataset when the same file runs again, and exports it as it came', async () => {
    const list = await runCli(['dataset', 'list', '--db', db, '--json']);
    const names = JSON.parse(list.stdout).map((row: { name: string }) => row.name);
    expect(names).toEqual(['held-out failures', 'parallel-and-irrelevant', 'smart-home-held-out']);
    const exported = await runCli(['dataset', 'export', 'smart-home-held-out', '--format', 'distil', '--db', db]);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe(distilText);
    const again = await runCli([
      'dataset',
      'import',
      distilFile,
      '--format',
      'distil',
      '--name',
      'smart-home-held-out',
      '--db',
      db,
    ]);
    expect(again.stdout).toContain('already stored with the same cases');
  });

  it('refuses a file with a bad line whole, naming the line, and stores nothing', async () => {
    const lines = distilText.split('\n');
    lines[2] = '{"question": "[]", "answer": "{}"}';
    const bad = path.join(folder, 'bad.jsonl');
    writeFileSync(bad, lines.join('\n'));
    const emptyDb = path.join(folder, 'empty.db');
    const run = await runCli(['dataset', 'import', bad, '--format', 'distil', '--db', emptyDb]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is refused; nothing was imported');
    expect(run.stderr).toContain(`${bad} line 3:`);
    const list = await runCli(['dataset', 'list', '--db', emptyDb, '--json']);
    expect(JSON.parse(list.stdout)).toEqual([]);
    expect(readFileSync(bad, 'utf8')).toContain('"answer": "{}"');
  });
});
