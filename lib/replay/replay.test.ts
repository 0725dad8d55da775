// Issue 14 item 7: a conversation replayed from turn 2 sends exactly the original's request of that
// turn (byte for byte, the HTTP body as the server received it) with the new system prompt in the
// system message, then goes on on its own; a workspace agent's replay starts from the workspace the
// kept turns left; the failed inputs of an experiment run again with another variant.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/load';
import { openTemporaryDatabase } from '../db/testing/temporary-database';
import { listConversations, getConversationRecord } from '../db/queries/conversations';
import { failedInputIndexes } from '../db/queries/failed-inputs';
import { getExperiment } from '../db/queries/experiments';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment, runStoredExperiment } from '../experiments/service';
import { PROJECT_ROOT } from '../python/testing/agent-conversation';
import type { ChatRequest } from '../protocol/messages';
import { ToolWorkerPool } from '../tools/worker-pool';
import { planReplay, planRerunFailed, type PlannedExperiment } from './replay';

type Reply = (request: ChatRequest) => Record<string, unknown>;

/** An OpenAI-compatible server that keeps every request body exactly as it arrived. */
async function recordingServer(reply: Reply) {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'GET')
        return response.end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model' }] }));
      const raw = Buffer.concat(chunks).toString('utf8');
      bodies.push(raw);
      const message = reply(JSON.parse(raw) as ChatRequest);
      response.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const call = (name: string, args: Record<string, unknown>, id: string) => ({
  content: null,
  tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
});
const turnOf = (request: ChatRequest) => request.messages.filter((message) => message.role === 'assistant').length;

const pool = new ToolWorkerPool({ size: 2 });
afterAll(() => pool.close());
let temporary: ReturnType<typeof openTemporaryDatabase>;
beforeEach(() => {
  temporary = openTemporaryDatabase();
});
afterEach(() => temporary.dispose());

async function run(planned: PlannedExperiment): Promise<string> {
  const id = createStoredExperiment(temporary.database, planned.config, planned.agent).id;
  await runStoredExperiment(temporary.database, id, { tools: pool }).done;
  return id;
}

async function original(
  agentName: string,
  baseUrl: string,
  inputFilter: (input: { node_text: string; node_name?: string | null }) => boolean,
  requests = 1,
) {
  const agent = await loadAgent(path.join(PROJECT_ROOT, 'agents', agentName));
  const inputs = agent.inputs.filter(inputFilter);
  const config = ExperimentConfig.parse({
    agent: agentName,
    variants: [{ name: 'baseline' }],
    endpoint: { baseUrl, model: 'm' },
    inputs,
    requestsPerVariant: requests,
    concurrency: 1,
  });
  return run({ config, agent: agent.toRuntime() });
}

// Real tools (ruff in a worker) on a loaded machine: generous limits, no timing checks.
describe('replay from turn N', { timeout: 180_000 }, () => {
  it('sends the original turn-2 request byte for byte, the new system prompt in it, then goes on', async () => {
    // Turn 1 echoes, turn 2 submits (harness agent), in the original and in the replay alike.
    const server = await recordingServer((request) =>
      turnOf(request) === 0
        ? call('simple_tool', { payload: 'ping' }, 'call_a1')
        : call('submit_result', { summary: 'echoed' }, `call_s${turnOf(request)}`),
    );
    try {
      const experimentId = await original('harness', server.baseUrl, (input) => input.node_text === 'ping');
      const [conversation] = listConversations(temporary.database, experimentId).conversations;
      const [, turnTwo] = server.bodies;
      const originalSystem = (JSON.parse(turnTwo) as ChatRequest).messages[0].content as string;

      const replay = planReplay(temporary.database, conversation.id, {
        fromTurn: 2,
        variant: { name: 'terse', systemPrompt: 'NEW PROMPT. Always respond with a tool call.' },
      });
      const replayId = await run(replay);
      const replayed = server.bodies[2];
      expect(replayed).toBe(
        turnTwo.replace(JSON.stringify(originalSystem), JSON.stringify('NEW PROMPT. Always respond with a tool call.')),
      );
      expect(replayed).not.toBe(turnTwo);
      // With the original prompt kept, the request is the original one, every byte.
      await run(planReplay(temporary.database, conversation.id, { fromTurn: 2 }));
      expect(server.bodies[3]).toBe(turnTwo);

      // The replay is its own experiment, linked to the original, with the kept history and its own turn.
      const stored = getExperiment(temporary.database, replayId);
      expect((stored?.config as { experiment: ExperimentConfig }).experiment.origin).toEqual({
        kind: 'replay',
        experimentId,
        conversationId: conversation.id,
        fromTurn: 2,
      });
      const [replayConversation] = listConversations(temporary.database, replayId).conversations;
      const record = getConversationRecord(temporary.database, replayConversation.id)!.record;
      const originalRecord = getConversationRecord(temporary.database, conversation.id)!.record;
      expect(record.messages.slice(1, 4)).toEqual(originalRecord.messages.slice(1, 4));
      expect(record.messages[0]).toEqual({ role: 'system', content: 'NEW PROMPT. Always respond with a tool call.' });
      expect(record.modelCalls).toHaveLength(1);
      expect(record.outcome).toBe('submitted');
      expect(replayConversation.taskSuccess).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('refuses a turn the conversation does not have', async () => {
    const server = await recordingServer((request) =>
      turnOf(request) === 0
        ? call('simple_tool', { payload: 'ping' }, 'call_a1')
        : call('submit_result', { summary: 'x' }, 'call_s'),
    );
    try {
      const experimentId = await original('harness', server.baseUrl, (input) => input.node_text === 'ping');
      const [conversation] = listConversations(temporary.database, experimentId).conversations;
      expect(() => planReplay(temporary.database, conversation.id, { fromTurn: 5 })).toThrow('has no turn 5');
    } finally {
      await server.close();
    }
  });

  it('starts a workspace agent from the workspace its kept turns left (the lint fix is applied again)', async () => {
    const server = await recordingServer((request) =>
      turnOf(request) === 0
        ? call('run_linter', { check_only: false }, 'call_l1')
        : call('submit_result', { summary: 'fixed' }, `call_s${turnOf(request)}`),
    );
    try {
      const experimentId = await original('lint', server.baseUrl, (input) => input.node_name === 'inventory');
      const [conversation] = listConversations(temporary.database, experimentId).conversations;
      expect(conversation.taskSuccess).toBe(true);
      const replayId = await run(planReplay(temporary.database, conversation.id, { fromTurn: 2 }));
      const [replayed] = listConversations(temporary.database, replayId).conversations;
      // The replay only submitted: the file is fixed because the kept turn's fix ran again in its workspace.
      expect(getConversationRecord(temporary.database, replayed.id)!.record.modelCalls).toHaveLength(1);
      expect(replayed.changedFiles).toEqual(['agents/lint/samples/inventory.py']);
      expect(replayed.taskSuccess).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('re-run the failed inputs with another variant', { timeout: 180_000 }, () => {
  it('runs only the inputs whose task failed, with the chosen variant, linked to the original', async () => {
    // The model answers in text unless the system prompt says "STRICT".
    const server = await recordingServer((request) => {
      const strict = (request.messages[0].content as string).includes('STRICT');
      const user = request.messages[1].content as string;
      if (!strict && user.includes('hello')) return { content: 'Hello to you too!' };
      const payload = user.replace(/^Request:\n/, '');
      return turnOf(request) === 0
        ? call('simple_tool', { payload }, 'call_1')
        : call('submit_result', { summary: 'done' }, 'call_2');
    });
    try {
      const experimentId = await original(
        'harness',
        server.baseUrl,
        (input) => ['ping', 'Echo the word hello.'].includes(input.node_text),
        2,
      );
      const failed = failedInputIndexes(temporary.database, experimentId);
      expect(failed).toEqual([1]);
      const rerunId = await run(
        planRerunFailed(temporary.database, experimentId, failed, {
          variant: { name: 'strict', systemPrompt: 'STRICT. Always respond with a tool call.' },
        }),
      );
      const { conversations } = listConversations(temporary.database, rerunId);
      expect(conversations.map((entry) => [entry.variantName, entry.input.node_text, entry.taskSuccess])).toEqual([
        ['strict', 'Echo the word hello.', true],
      ]);
      expect(
        (getExperiment(temporary.database, rerunId)?.config as { experiment: ExperimentConfig }).experiment.origin,
      ).toEqual({ kind: 'rerun-failed', experimentId, inputIndexes: [1] });
      expect(() => planRerunFailed(temporary.database, experimentId, failed, { variantName: 'nope' })).toThrow(
        'has no variant "nope"',
      );
    } finally {
      await server.close();
    }
  });
});
