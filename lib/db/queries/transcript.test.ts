import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../protocol/messages';
import { toolSpecs } from '../../runner/prompt';
import { runConversation } from '../../runner/run-conversation';
import { resolveSettings, type RunnerSettingsInput } from '../../runner/settings';
import type { AgentRuntime } from '../../runner/types';
import {
  ScriptedModelClient,
  contentAnswer,
  structuredCall,
  assertScriptsComplete,
} from '../../testing/scripted-model';
import type { ToolExecution, ToolExecutor, ToolRequest } from '../../tools/protocol';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { TOOLS, docstringConversation, experimentConfig, overwriteConfig } from '../testing/fixtures';
import { failingConversation } from '../testing/failing-fixtures';
import { storeConversation } from './conversations';
import { createExperiment } from './experiments';
import { getTranscript, type Transcript } from './transcript';

// Every scripted turn must be asked for: a conversation that ended early fails its test.
afterEach(assertScriptsComplete);

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

const meta = { variantIndex: 0, variantName: 'baseline', slot: 0, inputIndex: 0 };

describe('getTranscript', () => {
  it('rebuilds each request exactly, with the knowledge suffix and the tools the experiment sent', () => {
    const { id: experimentId } = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(),
      simulated: true,
      totalConversations: 1,
    });
    const record = docstringConversation();
    const id = storeConversation(database, experimentId, meta, record) as string;
    const transcript = getTranscript(database, id) as Transcript;

    expect(transcript.experiment).toEqual({
      id: experimentId,
      agentName: 'docstring',
      status: 'pending',
      simulated: true,
    });
    expect(transcript.messages).toEqual(record.messages);
    expect(transcript.modelCalls).toHaveLength(3);
    const [first, second, third] = transcript.modelCalls;
    expect(first.request).toEqual({
      model: 'functiongemma',
      temperature: 0,
      tool_choice: 'auto',
      max_tokens: 256,
      messages: record.messages.slice(0, 2),
      tools: TOOLS,
    });
    expect(second.request).toEqual({
      model: 'functiongemma',
      temperature: 0,
      tool_choice: 'auto',
      max_tokens: 256,
      messages: [
        {
          role: 'system',
          content: 'You are a docstring agent. Always respond with a tool call.\n\nKnown: {"docstring":null}',
        },
        ...record.messages.slice(1, 4),
      ],
      tools: TOOLS,
    });
    expect(third.request.tool_choice).toEqual({ type: 'function', function: { name: 'submit_result' } });
    expect(third.request.messages).toEqual(record.messages.slice(0, 6));
    expect(transcript.modelCalls.map((call) => call.requestProblem)).toEqual([null, null, null]);
    // The stored conversation itself is not changed by the suffix of one request.
    expect(transcript.messages[0].content).toBe('You are a docstring agent. Always respond with a tool call.');

    expect(second).toMatchObject({
      response: record.modelCalls[1].response,
      parsePath: 'json_name_arguments',
      calls: record.modelCalls[1].calls,
      parsedCalls: record.modelCalls[1].parsedCalls,
      latencyMs: 14.5,
      usage: { prompt_tokens: 102, completion_tokens: 12, total_tokens: 114 },
    });
    expect(transcript.modelCalls.map((call) => call.toolExecutions.map((execution) => execution.callId))).toEqual([
      ['call_1'],
      ['call_2'],
      ['call_3'],
    ]);
    expect(transcript.toolExecutions.map(({ id: _id, ...execution }) => execution)).toEqual(record.toolExecutions);
  });

  it('attaches several executions to their response, none to a failed request', () => {
    const { id: experimentId } = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(),
      simulated: true,
      totalConversations: 1,
    });
    const id = storeConversation(database, experimentId, meta, failingConversation()) as string;
    const transcript = getTranscript(database, id) as Transcript;
    expect(transcript.modelCalls[0].toolExecutions.map((execution) => execution.errorKind)).toEqual([
      'tool_timeout',
      'unknown_tool',
    ]);
    expect(transcript.modelCalls[1]).toMatchObject({
      status: 'error',
      parsePath: null,
      error: 'HTTP 503: upstream overloaded (after 3 attempts)',
      toolExecutions: [],
    });
    expect(transcript.modelCalls[1].request.messages).toHaveLength(5);
  });

  it('uses a variant’s own tools, and names the problem when the config holds none', () => {
    const ownTools = [TOOLS[1]];
    const config = experimentConfig();
    const withVariantTools = { ...config, variants: [{ ...config.variants[0], tools: ownTools }, config.variants[1]] };
    const first = createExperiment(database, {
      agentName: 'docstring',
      config: withVariantTools,
      simulated: true,
      totalConversations: 1,
    });
    const own = getTranscript(
      database,
      storeConversation(database, first.id, meta, docstringConversation()) as string,
    ) as Transcript;
    expect(own.modelCalls[0].request.tools).toEqual(ownTools);

    const second = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(['baseline']),
      simulated: true,
      totalConversations: 1,
    });
    overwriteConfig(database, second.id, { variants: [{ name: 'baseline' }] });
    const bare = getTranscript(
      database,
      storeConversation(database, second.id, meta, docstringConversation()) as string,
    ) as Transcript;
    expect(bare.modelCalls[0].request.tools).toBeUndefined();
    expect(bare.modelCalls[0].requestProblem).toMatch(/carried tools/);
    expect(getTranscript(database, 'missing')).toBeNull();
  });
});

/** A fake executor (unit test only): every tool succeeds and reports what it learned. */
class LearningTools implements ToolExecutor {
  async execute(script: string, request: ToolRequest): Promise<ToolExecution> {
    return {
      outcome: 'success',
      result: { ran: script, arguments: request.arguments },
      knowledge_delta: { [`seen_${script}`]: true },
      durationMs: 1,
    };
  }
  async close() {}
}

describe('getTranscript with the real runner', () => {
  const limits = { timeoutMs: 1000, maxOutputBytes: 10_000 };
  const agent: AgentRuntime = {
    name: 'docstring',
    maxTurns: 3,
    systemPrompt: 'You document Python. Always respond with a tool call.',
    nodeContext: 'Code:\n{{ node_text }}',
    textAnswerEnds: false,
    settings: {},
    tools: [
      {
        name: 'read_current_docstring',
        description: 'Read it',
        parameters: { type: 'object', properties: {} },
        script: 'read',
        limits,
      },
      {
        name: 'write_docstring',
        description: 'Write it',
        parameters: { type: 'object', properties: { docstring: { type: 'string' } }, required: ['docstring'] },
        script: 'write',
        limits,
      },
      {
        name: 'submit_result',
        description: 'Finish',
        parameters: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] },
        script: null,
        limits,
      },
    ],
  };

  async function runAndStore(
    settingsInput: RunnerSettingsInput,
  ): Promise<{ sent: ChatRequest[]; transcript: Transcript }> {
    const settings = resolveSettings(settingsInput);
    const client = new ScriptedModelClient([
      structuredCall('read_current_docstring', {}, 'srv-1'),
      contentAnswer('{"name": "write_docstring", "arguments": {"docstring": "Add."}}'),
      structuredCall('submit_result', { summary: 'documented' }, 'srv-3'),
    ]);
    const record = await runConversation(
      agent,
      settings,
      { node_text: 'def add(a, b): ...' },
      { client, tools: new LearningTools() },
    );
    const config = { ...experimentConfig(['baseline']), tools: toolSpecs(agent.tools) };
    const { id: experimentId } = createExperiment(database, {
      agentName: agent.name,
      config,
      simulated: true,
      totalConversations: 1,
    });
    const id = storeConversation(database, experimentId, meta, record) as string;
    return { sent: client.requests, transcript: getTranscript(database, id) as Transcript };
  }

  it.each<[string, RunnerSettingsInput, { lastSystemHas: string; lastMessages: number }]>([
    ['defaults', { model: 'functiongemma' }, { lastSystemHas: 'You document Python.', lastMessages: 6 }],
    [
      'knowledge in the prompt and a forced last turn',
      {
        model: 'functiongemma',
        includeKnowledge: true,
        forceSubmitOnLastTurn: true,
        maxTokens: 128,
        topK: 64,
        topP: 0.95,
        temperature: 1,
      },
      { lastSystemHas: 'seen_write', lastMessages: 6 },
    ],
    [
      'the seed bug: initial history only, schemas in the system prompt',
      { model: 'functiongemma', historyMode: 'initial-only', toolPresentation: 'system-prompt' },
      { lastSystemHas: '"write_docstring"', lastMessages: 2 },
    ],
  ])('rebuilds the requests the model received (%s)', async (_name, settings, expected) => {
    const { sent, transcript } = await runAndStore(settings);
    expect(sent).toHaveLength(3);
    // The scenario really exercised what it names.
    expect(sent[2].messages[0].content).toContain(expected.lastSystemHas);
    expect(sent[2].messages).toHaveLength(expected.lastMessages);
    expect(transcript.modelCalls.map((call) => call.request)).toEqual(sent);
    expect(transcript.modelCalls.map((call) => call.requestProblem)).toEqual([null, null, null]);
  });
});
