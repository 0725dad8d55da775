// Which HTTP client costs the least CPU per model call (issue 11 item 8): the same chat requests,
// at the same concurrency, against the simulator in a child process (its CPU is not counted):
//   node-http  the bare node:http keep-alive loop (bench/bare-loop.ts)
//   undici     the same loop on undici's Pool.request
//   client     HttpModelClient, the runner's client (node:http, with its answer bounds and retries)
// Phases are interleaved (a, b, c, a, b, c...) so that the machine's load falls on each alike; the
// medians of this process's CPU per call are printed.
//   npx tsx --conditions=react-server bench/http-client.ts [--calls 3000] [--rounds 5] [--concurrency 16]
import { Pool } from 'undici';
import { parseArgs } from 'node:util';
import { parseJson } from '../lib/protocol/json';
import type { ChatRequest } from '../lib/protocol/messages';
import { HttpModelClient } from '../lib/runner/model-client';
import { runBareLoop } from './bare-loop';
import { measured } from './measure';
import { startSimChild } from './sim-child';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
  },
});
const calls = Number(values.calls);
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);

/** Requests like the harness agent's: a system prompt, one user message, two tools. */
function requests(count: number): ChatRequest[] {
  const tools: ChatRequest['tools'] = [
    {
      type: 'function',
      function: {
        name: 'simple_tool',
        description: 'Echo a request.',
        parameters: { type: 'object', properties: { request: { type: 'string' } }, required: ['request'] },
      },
    },
    {
      type: 'function',
      function: {
        name: 'submit_result',
        description: 'Submit.',
        parameters: { type: 'object', properties: { result: { type: 'string' } }, required: ['result'] },
      },
    },
  ];
  return Array.from({ length: count }, (_unused, index) => ({
    model: 'functiongemma-270m-it-sim',
    messages: [
      { role: 'system', content: 'You call tools. Always respond with a tool call.' },
      { role: 'user', content: `request number ${index}` },
    ],
    tools,
    tool_choice: 'auto',
    temperature: 0,
  }));
}

async function runUndiciLoop(url: string, bodies: unknown[]): Promise<{ calls: number; failures: number }> {
  const target = new URL(`${url.replace(/\/+$/, '')}/chat/completions`);
  const pool = new Pool(target.origin, { connections: concurrency, pipelining: 1 });
  let next = 0;
  let failures = 0;
  const call = async (body: unknown) => {
    const response = await pool.request({
      path: target.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const parsed = parseJson(await response.body.text());
    const choices = parsed.ok ? (parsed.value as { choices?: unknown } | null)?.choices : undefined;
    if (response.statusCode !== 200 || !Array.isArray(choices)) failures += 1;
  };
  const worker = async () => {
    while (next < bodies.length) await call(bodies[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, worker));
  await pool.close();
  return { calls: bodies.length, failures };
}

async function runClientLoop(url: string, bodies: ChatRequest[]): Promise<{ calls: number; failures: number }> {
  const client = new HttpModelClient({ baseUrl: url, retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 } });
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < bodies.length) if (!(await client.complete(bodies[next++])).ok) failures += 1;
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, worker));
  return { calls: bodies.length, failures };
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

const sim = await startSimChild();
try {
  const bodies = requests(calls);
  const phases = {
    'node-http': () => runBareLoop(sim.url, bodies, concurrency),
    undici: () => runUndiciLoop(sim.url, bodies),
    client: () => runClientLoop(sim.url, bodies),
  };
  const cpuPerCall: Record<string, number[]> = { 'node-http': [], undici: [], client: [] };
  // One warm-up round, not counted: V8 compiles the hot paths of each side.
  for (const run of Object.values(phases)) await run();
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, run] of Object.entries(phases)) {
      await sim.reset(false);
      const phase = await measured(run);
      if (phase.value.failures > 0)
        throw new Error(`${name}: ${phase.value.failures} of ${phase.value.calls} calls failed`);
      cpuPerCall[name].push(phase.cpuMicros / 1000 / calls);
    }
  }
  console.log(
    `${calls} calls per phase, ${rounds} rounds, concurrency ${concurrency}; this process's CPU per call (median):`,
  );
  for (const [name, samples] of Object.entries(cpuPerCall)) {
    const each = samples.map((value) => value.toFixed(3)).join(', ');
    console.log(`  ${name.padEnd(10)} ${median(samples).toFixed(3)} ms   (rounds: ${each})`);
  }
  const ratio = median(cpuPerCall.undici) / median(cpuPerCall['node-http']);
  console.log(`undici / node:http: ${ratio.toFixed(2)}x`);
} finally {
  await sim.stop();
}
