// A judged conversation (a campaign node, an experiment's conversation) starts its tool worker while
// its first model call is in flight (issue 28, item 8), and stops it when it ends, whether the model
// called a tool or not, on a cancel, and on an error. The model is a real HTTP endpoint that, on the
// first request, looks whether the worker was started and waits until it is ready: no timing.
import { existsSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpModelClient } from '../runner/model-client';
import { resolveSettings } from '../runner/settings';
import { agent as testAgent } from '../runner/testing/test-agent';
import type { ConversationRecord, RunnerTool } from '../runner/types';
import { serveScript, type Handler, type ScriptedServer } from '../testing/scripted-http-server';
import type { ToolExecutor } from '../tools/protocol';
import { liveWorkerProcesses, watchWorkers } from '../tools/testing/worker-events';
import { createWorkspaceFolder } from '../tools/work-root';
import { ToolWorkerPool } from '../tools/worker-pool';
import { runJudgedConversation, type JudgedWorkspace } from './judged-conversation';

const fixture = (name: string) => fileURLToPath(new URL(`../tools/fixtures/${name}`, import.meta.url));
const limits = { timeoutMs: 60_000, maxOutputBytes: 256 * 1024 };
const parameters = { type: 'object', properties: { value: { type: 'integer' } } } as const;
const tool = (name: string, script: string | null): RunnerTool => ({
  name,
  description: name,
  parameters,
  script,
  limits,
});
const agent = testAgent({
  tools: [
    tool('loaded_tool', fixture('loaded-tool.ts')),
    tool('warm_tool', fixture('warm-tool.ts')),
    tool('submit_result', null),
  ],
});
const settings = resolveSettings({ model: 'm' });

function answer(response: ServerResponse, message: Record<string, unknown>): void {
  const choice = { index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: 'stop' };
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ id: 'c', object: 'chat.completion', created: 0, model: 'm', choices: [choice] }));
}
const call = (name: string, id: string) => ({
  tool_calls: [{ id, type: 'function', function: { name, arguments: '{"value":1}' } }],
});

let pool: ToolWorkerPool | undefined;
let server: ScriptedServer | undefined;
afterEach(async () => {
  await pool?.close();
  await server?.close();
  pool = server = undefined;
});

/** Runs one judged conversation against `handlers` in a workspace of its own; `folder()` names that workspace. */
async function converse(handlers: Handler[], tools: ToolExecutor, extra: { signal?: AbortSignal; throws?: boolean }) {
  server = await serveScript(handlers);
  let path = '';
  const openWorkspace = async (): Promise<JudgedWorkspace<null>> => {
    path = await createWorkspaceFolder();
    const remove = async () => rmSync(path, { recursive: true, force: true });
    return { path, original: null, finish: async () => remove().then(() => null), discard: remove };
  };
  const client = new HttpModelClient({ baseUrl: server.baseUrl, retry: settings.retry });
  const verdict = () => {
    if (extra.throws) throw new Error('a bug in the verdict');
    return null;
  };
  const run = runJudgedConversation({
    agent,
    settings,
    input: { node_text: 'n' },
    run: { client, tools, signal: extra.signal },
    openWorkspace,
    verdict,
  });
  return { run, folder: () => path };
}

/** A first request that notes whether the conversation's worker was started, and answers once it has its tools. */
function waitForWorker(watched: ReturnType<typeof watchWorkers>, seen: { started?: boolean }, then: Handler): Handler {
  return (request, response, body) => {
    seen.started = watched.starts().length > 0;
    if (!seen.started) return answer(response, { content: 'no worker was started' });
    void watched.next('loaded').then(() => then(request, response, body));
  };
}

async function expectStopped(folder: string): Promise<void> {
  expect(pool?.workerCount).toBe(0);
  await expect.poll(liveWorkerProcesses, { timeout: 30_000 }).toEqual([]);
  expect(existsSync(folder)).toBe(false);
}

describe('a judged conversation and its tool worker', () => {
  it('starts the worker before the model answers; the tool call goes to it, loaded; it stops at the end', async () => {
    const watched = watchWorkers();
    pool = new ToolWorkerPool({ size: 2, onWorker: watched.onWorker });
    const seen: { started?: boolean } = {};
    const { run, folder } = await converse(
      [
        waitForWorker(watched, seen, (_request, response) => answer(response, call('loaded_tool', 'call_1'))),
        (_request, response) => answer(response, call('submit_result', 'call_2')),
      ],
      pool,
      {},
    );
    const { record } = await run;
    expect(seen.started).toBe(true);
    expect(record.outcome).toBe('submitted');
    // warm_tool was never called: the worker loaded it while the model was asked.
    const loaded = (record.toolExecutions[0].result as { loaded: string[] }).loaded;
    expect([...loaded].sort()).toEqual(['loaded-tool', 'warm-tool']);
    expect(watched.starts()).toEqual([expect.objectContaining({ workspace: folder() })]);
    await expectStopped(folder());
  });

  it('stops the warmed worker of a conversation that ends without a tool call', async () => {
    const watched = watchWorkers();
    pool = new ToolWorkerPool({ size: 2, onWorker: watched.onWorker });
    const seen: { started?: boolean } = {};
    const text = (_request: unknown, response: ServerResponse) => answer(response, { content: 'no call' });
    const { run, folder } = await converse([waitForWorker(watched, seen, text)], pool, {});
    const { record } = await run;
    expect(seen.started).toBe(true);
    expect(record.outcome).toBe('no_tool_call');
    await expectStopped(folder());
  });

  it('stops the warmed worker when the conversation is cancelled during the model call', async () => {
    const watched = watchWorkers();
    pool = new ToolWorkerPool({ size: 2, onWorker: watched.onWorker });
    const cancel = new AbortController();
    const seen: { started?: boolean } = {};
    // The answer never comes: the cancel ends the request.
    const { run, folder } = await converse([waitForWorker(watched, seen, () => cancel.abort())], pool, {
      signal: cancel.signal,
    });
    const { record } = await run;
    expect(seen.started).toBe(true);
    expect(record.outcome).toBe('cancelled');
    await expectStopped(folder());
  });

  it('stops the warmed worker when the step throws', async () => {
    const watched = watchWorkers();
    pool = new ToolWorkerPool({ size: 2, onWorker: watched.onWorker });
    const seen: { started?: boolean } = {};
    const text = (_request: unknown, response: ServerResponse) => answer(response, { content: 'no call' });
    const { run, folder } = await converse([waitForWorker(watched, seen, text)], pool, { throws: true });
    await expect(run).rejects.toThrow('a bug in the verdict');
    expect(seen.started).toBe(true);
    await expectStopped(folder());
  });

  it('records the same conversation with and without warming', async () => {
    const script = (): Handler[] => [
      (_request, response) => answer(response, call('warm_tool', 'call_1')),
      (_request, response) => answer(response, call('submit_result', 'call_2')),
    ];
    const comparable = (record: ConversationRecord) => ({
      outcome: record.outcome,
      result: record.result,
      messages: record.messages,
      tools: record.toolExecutions.map((execution) => ({ ...execution, durationMs: 0 })),
    });
    pool = new ToolWorkerPool({ size: 2 });
    const cold = pool;
    const withoutWarming: ToolExecutor = { execute: (...args) => cold.execute(...args), close: () => cold.close() };
    const before = await (await converse(script(), withoutWarming, {})).run;
    await server?.close();
    const after = await (await converse(script(), pool, {})).run;
    expect(comparable(after.record)).toEqual(comparable(before.record));
    expect(after.record.outcome).toBe('submitted');
  });
});
