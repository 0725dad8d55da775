import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { runCli } from './cli-process';
import { startRecordingProxy, type RecordedRequest } from './recording-proxy';

// The harness command, run as a user runs it, against the simulator through a recording proxy:
// what it reports must equal the simulator's own ground truth, and what the server received must
// be the full history with native tools.
let sim: SimServer;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
const conversations = 120;
let summary: any;
let chatRequests: any[];
let folder = '';

beforeAll(async () => {
  sim = await startSimServer({ port: 0, seed: 11, http500Rate: 0.03, http429Rate: 0.03, latencyMs: 0 });
  proxy = await startRecordingProxy(sim.origin);
  folder = mkdtempSync(path.join(tmpdir(), 'remora-gt-'));
  const db = path.join(folder, 'gt.db');
  const run = await runCli([
    'harness',
    '--agent',
    'harness',
    '--base-url',
    proxy.url,
    '--model',
    'functiongemma',
    '--requests-per-variant',
    String(conversations),
    '--concurrency',
    '8',
    '--db',
    db,
    '--json',
  ]);
  expect(run.stderr).not.toContain('internal error');
  expect(run.code).toBe(0);
  summary = JSON.parse(run.stdout);
  chatRequests = proxy.requests
    .filter((request: RecordedRequest) => request.path.endsWith('/chat/completions'))
    .map((request) => request.body);
}, 120_000);

afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  await proxy?.close();
  await sim?.close();
});

describe('harness against the simulator', () => {
  it('prints only the summary JSON with the contract keys', () => {
    expect(summary.status).toBe('completed');
    expect(summary.simulated).toBe(true);
    expect(Object.keys(summary.variants[0]).slice(0, 13)).toEqual([
      'name',
      'conversations',
      'modelCalls',
      'toolCallRate',
      'validCallRate',
      'completionRate',
      'turnsToCompletion',
      'parsePaths',
      'outcomes',
      'errors',
      'latencyMs',
      'tokens',
      'counts',
    ]);
  });

  it('reports conversations, model calls and parse paths equal to the server ground truth', () => {
    const stats = sim.stats();
    const variant = summary.variants[0];
    expect(variant.conversations).toBe(conversations);
    expect(variant.modelCalls).toBe(stats.completions);
    const nonZero = Object.fromEntries(Object.entries(stats.shapes).filter(([, count]) => (count as number) > 0));
    expect(variant.parsePaths).toEqual(nonZero);
    const withoutCall = (stats.shapes.text ?? 0) + (stats.shapes.empty ?? 0) + (stats.shapes.malformed ?? 0);
    expect(variant.toolCallRate.value).toBeCloseTo((stats.completions - withoutCall) / stats.completions, 12);
    const outcomeTotal = Object.values(variant.outcomes as Record<string, number>).reduce(
      (sum, count) => sum + count,
      0,
    );
    expect(outcomeTotal).toBe(conversations);
    expect(variant.outcomes.no_tool_call).toBe(withoutCall);
  });

  it('sent temperature 0, the tools natively and tool_choice auto on every request', () => {
    expect(chatRequests.length).toBeGreaterThanOrEqual(summary.variants[0].modelCalls);
    for (const body of chatRequests) {
      expect(body.temperature).toBe(0);
      expect(body.tool_choice).toBe('auto');
      expect(body.tools.map((tool: any) => tool.function.name)).toEqual(['simple_tool', 'submit_result']);
      expect(body.messages[0].role).toBe('system');
      expect(body.messages[1].role).toBe('user');
    }
  });

  it('sent the full history with role tool results whose ids match the calls', () => {
    const second = chatRequests.filter((body) => body.messages.length > 2);
    expect(second.length).toBeGreaterThan(conversations / 2);
    for (const body of second) {
      const [, , assistant, ...results] = body.messages;
      expect(assistant.role).toBe('assistant');
      expect(assistant.tool_calls.length).toBeGreaterThan(0);
      expect(results.map((message: any) => message.role)).toEqual(assistant.tool_calls.map(() => 'tool'));
      expect(results.map((message: any) => message.tool_call_id)).toEqual(
        assistant.tool_calls.map((call: any) => call.id),
      );
      for (const call of assistant.tool_calls) expect(typeof call.function.arguments).toBe('string');
    }
  });
});
